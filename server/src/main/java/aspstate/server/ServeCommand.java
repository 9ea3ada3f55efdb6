package aspstate.server;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate serve}: the names of the server's options ({@link ServerOptions} defines them), and the command
 * that runs the server with them.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        defaultValueProvider = ConfigFileDefaults.class,
        sortOptions = false,
        description = "Runs the session-state server until Ctrl-C or SIGTERM, then stops cleanly.%n"
                + "Prints one line to stdout when ready; logs go to stderr.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped by Ctrl-C, SIGTERM or cluster-stop (or help or version shown)",
            "1:unexpected failure (see the log), or a stop longer than --" + ServeCommand.SHUTDOWN_TIMEOUT,
            "2:bad option or value, unreadable config file, a port cannot be listened on, the data directory is in "
                    + "use or unusable, or the cluster cannot be joined (no majority, or not every node back after "
                    + "cluster-stop, within --" + ServeCommand.CLUSTER_JOIN_TIMEOUT + ")",
            "70:fatal error such as out of memory (see the log); a supervisor should restart the server"
        })
final class ServeCommand implements Callable<Integer> {
    static final String BIND = "bind";
    static final String STATESERVER_PORT = "stateserver-port";
    static final String TDS_PORT = "tds-port";
    static final String TDS_BIND = "tds-bind";
    static final String TDS_USER = "tds-user";
    static final String TDS_TLS = "tds-tls";
    static final String TDS_TLS_PASSWORD = "tds-tls-password";
    static final String ALLOW = "allow";
    static final String IDLE_TIMEOUT = "idle-timeout";
    static final String MAX_BODY = "max-body";
    static final String MAX_MEMORY = "max-memory";
    static final String TDS_FAILOVER_PARTNER = "tds-failover-partner";
    static final String DATA_DIR = "data-dir";
    static final String FSYNC = "fsync";
    static final String JOURNAL_REWRITE_MIN_SIZE = "journal-rewrite-min-size";
    static final String JOURNAL_REWRITE_GROWTH = "journal-rewrite-growth";
    static final String CLUSTER_MEMBERS = "cluster-members";
    static final String CLUSTER_BIND = "cluster-bind";
    static final String CLUSTER_PORT = "cluster-port";
    static final String CLUSTER_NAME = "cluster-name";
    static final String OWNERS = "owners";
    static final String CLUSTER_SECRET = "cluster-secret";
    static final String CLUSTER_JOIN_TIMEOUT = "cluster-join-timeout";
    static final String VERSION_HEADER = "version-header";
    static final String LOG_LEVEL = "log-level";
    static final String LOG_FORMAT = "log-format";
    static final String CONFIG = "config";
    static final String MAX_CONNECTIONS = "max-connections";
    static final String MAX_CONNECTIONS_PER_PEER = "max-connections-per-peer";
    static final String REQUEST_TIMEOUT = "request-timeout";
    static final String MAX_UNSENT = "max-unsent";
    static final String MAX_INBOUND = "max-inbound";
    static final String MIN_REQUEST_RATE = "min-request-rate";
    static final String TDS_LOGIN_TIMEOUT = "tds-login-timeout";
    static final String TDS_LOGIN_QUEUE = "tds-login-queue";
    static final String TDS_LOGIN_FAILURES = "tds-login-failures";
    static final String SHUTDOWN_TIMEOUT = "shutdown-timeout";
    static final String TRANSPORT = "transport";
    static final String ADMIN_PORT = "admin-port";
    static final String ADMIN_BIND = "admin-bind";
    static final String ADMIN_TOKEN = "admin-token";
    static final String ADMIN_MAX_CONNECTIONS = "admin-max-connections";
    static final String ADMIN_MAX_CONNECTIONS_PER_PEER = "admin-max-connections-per-peer";
    static final String ADMIN_QUEUE = "admin-queue";
    static final String ADMIN_TOKEN_FAILURES = "admin-token-failures";
    static final String CLUSTER_MAX_CONNECTIONS = "cluster-max-connections";
    static final String CLUSTER_MAX_CONNECTIONS_PER_PEER = "cluster-max-connections-per-peer";
    static final String CLUSTER_HANDSHAKE_TIMEOUT = "cluster-handshake-timeout";

    static final String NONE = "none";
    static final String SELF_SIGNED = "self-signed";

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions options;

    private final ServeLauncher launcher;
    private final long heapMaxBytes;

    ServeCommand(ServeLauncher launcher, long heapMaxBytes) {
        this.launcher = launcher;
        this.heapMaxBytes = heapMaxBytes;
    }

    @Override
    public Integer call() {
        return launcher.serve(options.parse(spec, heapMaxBytes));
    }
}
