package aspstate.server;

import aspstate.admin.AdminSettings;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.StateServerSettings;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.journal.JournalSettings;
import aspstate.tds.TdsSettings;
import aspstate.transport.IoTransport;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Everything {@code serve} was told, checked and typed, plus where each value was written (for messages that
 * arise later, such as a port that turns out to be taken).
 *
 * @param tds         the TDS listener's settings, or empty for {@code --tds-port off}
 * @param tdsLogins   the logins the TDS listener accepts ({@code --tds-user}); none accepts any
 * @param memoryStore the limits of each store: the StateServer one and the three of SQL Server mode
 * @param maxInboundBytes what requests still arriving may hold, all connections together ({@code --max-inbound})
 * @param infinispan  the stores of a cluster node ({@code --cluster-members}, with {@code --data-dir} kept on
 *                    disk too); empty for one node
 * @param journal     the journal of one durable node ({@code --data-dir} without a cluster); empty for the memory
 *                    stores or a cluster node
 * @param shutdownTimeout longest a stop may take before the process is halted
 * @param admin       the admin listener's settings, or empty for {@code --admin-port off}
 * @param transport   how every listener's connections reach the kernel ({@code --transport})
 * @param reread      the log level again, the config file read anew (for SIGHUP)
 */
record ServeOptions(
        StateServerSettings stateServer,
        Optional<TdsSettings> tds,
        SqlLogins tdsLogins,
        MemoryStoreSettings memoryStore,
        long maxInboundBytes,
        Optional<InfinispanSettings> infinispan,
        Optional<JournalSettings> journal,
        LogLevel logLevel,
        LogFormat logFormat,
        Duration shutdownTimeout,
        Optional<AdminSettings> admin,
        IoTransport transport,
        Map<String, SourcedValue> sources,
        Supplier<HangUpReload.LogLevelSetting> reread) {

    ServeOptions {
        sources = Map.copyOf(sources);
    }

    /** Where the option with this key was written, e.g. "--stateserver-port 42424". */
    String where(String key) {
        SourcedValue value = sources.get(key);
        return value == null ? "--" + key : value.where();
    }
}
