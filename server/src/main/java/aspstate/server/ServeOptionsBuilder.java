package aspstate.server;

import static aspstate.server.ServerOptions.ADMIN_BIND;
import static aspstate.server.ServerOptions.ADMIN_PORT;
import static aspstate.server.ServerOptions.ADMIN_TOKEN;
import static aspstate.server.ServerOptions.ALLOW;
import static aspstate.server.ServerOptions.CLUSTER_BIND;
import static aspstate.server.ServerOptions.CLUSTER_HANDSHAKE_TIMEOUT;
import static aspstate.server.ServerOptions.CLUSTER_JOIN_TIMEOUT;
import static aspstate.server.ServerOptions.CLUSTER_MEMBERS;
import static aspstate.server.ServerOptions.CLUSTER_SECRET;
import static aspstate.server.ServerOptions.IDLE_TIMEOUT;
import static aspstate.server.ServerOptions.JOURNAL_REWRITE_GROWTH;
import static aspstate.server.ServerOptions.JOURNAL_REWRITE_MIN_SIZE;
import static aspstate.server.ServerOptions.MAX_BODY;
import static aspstate.server.ServerOptions.MAX_CONNECTIONS;
import static aspstate.server.ServerOptions.MAX_INBOUND;
import static aspstate.server.ServerOptions.MAX_UNSENT;
import static aspstate.server.ServerOptions.MIN_REQUEST_RATE;
import static aspstate.server.ServerOptions.OWNERS;
import static aspstate.server.ServerOptions.REQUEST_TIMEOUT;
import static aspstate.server.ServerOptions.SHUTDOWN_TIMEOUT;
import static aspstate.server.ServerOptions.TDS_BIND;
import static aspstate.server.ServerOptions.TDS_LOGIN_TIMEOUT;
import static aspstate.server.ServerOptions.TDS_PORT;
import static aspstate.server.ServerOptions.TDS_TLS;
import static aspstate.server.ServerOptions.TDS_TLS_PASSWORD;
import static aspstate.server.ServerOptions.TDS_USER;
import static aspstate.server.ServerOptions.VERSION_HEADER;

import aspstate.admin.AdminSettings;
import aspstate.admin.AdminToken;
import aspstate.cli.PortOrOff;
import aspstate.core.DurationText;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.CidrRange;
import aspstate.stateserver.StateServerSettings;
import aspstate.store.infinispan.ClusterPortLimits;
import aspstate.store.infinispan.ClusterSettings;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.infinispan.InfinispanStores;
import aspstate.store.journal.JournalSettings;
import aspstate.tds.TdsSettings;
import aspstate.tds.tls.TdsTls;
import aspstate.transport.ConnectionLimits;
import aspstate.transport.CredentialCheckQueue;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * Builds the settings records from {@code serve}'s converted options. picocli has checked each value's form; what
 * is left is each limit that a settings record owns (reported where the value was written: {@code --max-body 0:
 * max-body must be 1..2147483639 bytes, got 0}), and what options require of each other (a listener beyond
 * loopback needs its credentials).
 */
final class ServeOptionsBuilder {
    private static final long MIB = 1L << 20;
    /** A stop that takes longer than this is stuck; a halt then is what a supervisor needs. */
    private static final Duration MAX_SHUTDOWN_TIMEOUT = Duration.ofHours(1);
    /** Longer than any start an operator waits for. */
    private static final Duration MAX_CLUSTER_JOIN_TIMEOUT = Duration.ofDays(1);

    private final ServerOptions options;
    private final Map<String, SourcedValue> sources;
    private final long heapMaxBytes;
    private final Supplier<HangUpReload.LogLevelSetting> reread;

    private ServeOptionsBuilder(
            ServerOptions options,
            Map<String, SourcedValue> sources,
            long heapMaxBytes,
            Supplier<HangUpReload.LogLevelSetting> reread) {
        this.options = options;
        this.sources = sources;
        this.heapMaxBytes = heapMaxBytes;
        this.reread = reread;
    }

    /**
     * @param sources      where each option's value was written (see {@link ServeOptionSources})
     * @param heapMaxBytes the JVM's maximum heap, which {@code --max-memory auto} takes half of
     * @param reread       the log level with the config file read again (for SIGHUP)
     * @throws UserError naming the first bad value and where it was written
     */
    static ServeOptions build(
            ServerOptions options,
            Map<String, SourcedValue> sources,
            long heapMaxBytes,
            Supplier<HangUpReload.LogLevelSetting> reread) {
        return new ServeOptionsBuilder(options, sources, heapMaxBytes, reread).build();
    }

    private ServeOptions build() {
        StateServerSettings defaults = StateServerSettings.defaults();
        SqlLogins tdsLogins = tdsLogins();
        ConnectionLimits connections = connectionLimits();
        Optional<TdsSettings> tds = tds(tdsLogins, connections);
        List<CidrRange> allow = checked(ALLOW, () -> ranges(options.allow));
        Duration idleTimeout = checked(
                IDLE_TIMEOUT,
                () -> defaults.withIdleTimeout(options.idleTimeout).idleTimeout());
        long maxBody = checked(
                MAX_BODY, () -> defaults.withMaxBodyBytes(options.maxBody).maxBodyBytes());
        String versionHeader = checked(VERSION_HEADER, () -> versionHeader(defaults, options.versionHeader));
        MemoryStoreSettings memory = MemoryStoreSettings.withMaxMemory(maxMemory());
        Optional<ClusterSettings> cluster = cluster();
        Optional<InfinispanSettings> infinispan = infinispan(cluster);
        Optional<JournalSettings> journal = journal(cluster.isPresent());
        long maxInbound = checked(MAX_INBOUND, () -> maxInbound(memory.maxMemoryBytes()));
        Duration shutdownTimeout =
                checked(SHUTDOWN_TIMEOUT, () -> bounded(options.shutdownTimeout, MAX_SHUTDOWN_TIMEOUT));
        StateServerSettings stateServer = new StateServerSettings(
                options.bind,
                options.stateServerPort,
                allow,
                idleTimeout,
                maxBody,
                versionHeader,
                ZoneId.systemDefault(),
                connections);
        return new ServeOptions(
                stateServer,
                tds,
                tdsLogins,
                memory,
                maxInbound,
                infinispan,
                journal,
                options.logLevel,
                options.logFormat,
                shutdownTimeout,
                admin(connections, idleTimeout),
                options.transport,
                sources,
                reread);
    }

    /**
     * Empty for --admin-port off. The token's hash is reported without its text, as logins are. The admin listener
     * has the protocols' request timeout, unsent limit, minimum rate and idle timeout, and caps of its own.
     */
    private Optional<AdminSettings> admin(ConnectionLimits protocolLimits, Duration idleTimeout) {
        if (options.adminPort.isEmpty()) {
            return Optional.empty();
        }
        Optional<AdminToken> token;
        try {
            token = options.adminToken.isEmpty()
                    ? Optional.empty()
                    : Optional.of(new AdminToken(PasswordHash.parse(options.adminToken)::matches));
        } catch (IllegalArgumentException e) {
            throw new UserError(sources.get(ADMIN_TOKEN).whereWithoutText() + ": " + e.getMessage());
        }
        InetAddress bind = checked(ADMIN_BIND, () -> adminAddress(options.adminBind, token.isPresent()));
        int maxConnections = options.adminMaxConnections;
        return Optional.of(new AdminSettings(
                bind,
                options.adminPort.getAsInt(),
                token,
                protocolLimits.withMaxConnections(
                        maxConnections, Math.min(options.adminMaxConnectionsPerPeer, maxConnections)),
                idleTimeout,
                options.adminQueue,
                options.adminTokenFailures));
    }

    /** Without a token, anyone who reaches the admin listener could read, unlock and delete sessions. */
    private static InetAddress adminAddress(InetAddress address, boolean withToken) {
        if (!withToken && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("without --" + ADMIN_TOKEN + " anyone reaching the admin listener "
                    + "could read, unlock and delete sessions, so it only listens on loopback (add --" + ADMIN_TOKEN
                    + " HASH from 'aspstate hash-password', use --" + ADMIN_BIND + " 127.0.0.1 or --" + ADMIN_PORT
                    + " " + PortOrOff.OFF + ")");
        }
        return address;
    }

    /** Per listener; the total is lowered to what the open-file limit leaves for both listeners. */
    private ConnectionLimits connectionLimits() {
        ConnectionLimits defaults = ConnectionLimits.defaults();
        Duration requestTimeout = checked(
                REQUEST_TIMEOUT,
                () -> defaults.withRequestTimeout(options.requestTimeout).requestTimeout());
        int maxUnsent = checked(
                MAX_UNSENT,
                () -> defaults.withMaxUnsentBytes(intBytes(options.maxUnsent)).maxUnsentBytes());
        long minRate = checked(
                MIN_REQUEST_RATE,
                () -> defaults.withMinRequestRate(options.minRequestRate).minRequestRate());
        int adminConnections = options.adminPort.isEmpty() ? 0 : options.adminMaxConnections;
        int allowed = OpenFileLimit.connectionsPerListener(
                options.maxConnections,
                adminConnections,
                sources.get(MAX_CONNECTIONS).where());
        return new ConnectionLimits(
                allowed, Math.min(options.maxConnectionsPerPeer, allowed), requestTimeout, maxUnsent, minRate);
    }

    private static int intBytes(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("must be less than 2 GiB");
        }
        return (int) bytes;
    }

    /** "auto" is half the heap, rounded down to whole MiB so that the startup line reads well. */
    private long maxMemory() {
        return options.maxMemory.orElse(Math.max(MIB, heapMaxBytes / 2 / MIB * MIB));
    }

    /** "auto" is a quarter of --max-memory, or of the heap when --max-memory is 0 (no limit). */
    private long maxInbound(long maxMemory) {
        if (options.maxInbound.isEmpty()) {
            return Math.max(MIB, (maxMemory == 0 ? heapMaxBytes : maxMemory) / 4);
        }
        long bytes = options.maxInbound.getAsLong();
        if (bytes < 1) {
            throw new IllegalArgumentException("must be at least 1 byte");
        }
        return bytes;
    }

    /**
     * The journal of one durable node: --data-dir without --cluster-members (a cluster node keeps its data
     * directory through {@link #infinispan}). Every value is checked either way, so that a typo in an option that
     * is not in use yet is reported, not silently kept.
     */
    private Optional<JournalSettings> journal(boolean clustered) {
        Optional<JournalSettings> journal = journalSettings();
        return clustered ? Optional.empty() : journal;
    }

    /** --data-dir with its --fsync and rewrite settings, or empty without --data-dir. */
    private Optional<JournalSettings> journalSettings() {
        long minBytes = checked(JOURNAL_REWRITE_MIN_SIZE, () -> rewriteMinBytes(options.journalRewriteMinSize));
        int growth = checked(JOURNAL_REWRITE_GROWTH, () -> rewriteGrowth(options.journalRewriteGrowth));
        return Optional.ofNullable(options.dataDir)
                .map(directory -> new JournalSettings(directory, options.fsync, minBytes, growth));
    }

    /** Empty without --cluster-members: one node, in memory or with its journal. */
    private Optional<InfinispanSettings> infinispan(Optional<ClusterSettings> cluster) {
        Duration joinTimeout =
                checked(CLUSTER_JOIN_TIMEOUT, () -> bounded(options.clusterJoinTimeout, MAX_CLUSTER_JOIN_TIMEOUT));
        Optional<JournalSettings> journal = journalSettings();
        return cluster.map(settings -> new InfinispanSettings(settings, journal, joinTimeout));
    }

    private static long rewriteMinBytes(long bytes) {
        if (bytes < MIB) {
            throw new IllegalArgumentException("must be at least 1MiB");
        }
        return bytes;
    }

    private static int rewriteGrowth(int percent) {
        if (percent < 10 || percent > 10_000) {
            throw new IllegalArgumentException("must be a percentage from 10 to 10000");
        }
        return percent;
    }

    /** More than 0 and at most {@code max}: what the timers that use it can hold, and what makes sense. */
    private static Duration bounded(Duration duration, Duration max) {
        if (duration.isZero() || duration.compareTo(max) > 0) {
            throw new IllegalArgumentException("must be more than 0 and at most " + DurationText.format(max));
        }
        return duration;
    }

    /** Empty without --cluster-members. */
    private Optional<ClusterSettings> cluster() {
        List<InetSocketAddress> members = options.clusterMembers == null ? List.of() : options.clusterMembers;
        int owners = checked(OWNERS, () -> owners(options.owners));
        InetAddress bind = options.clusterBind == null ? options.bind : options.clusterBind;
        ClusterPortLimits portLimits = clusterPortLimits();
        if (members.isEmpty()) {
            return Optional.empty();
        }
        Optional<SSLContext> tls = clusterTls(bind, options.clusterName);
        ClusterSettings settings =
                new ClusterSettings(options.clusterName, bind, options.clusterPort, members, owners, tls, portLimits);
        return Optional.of(checked(OWNERS, () -> withEnoughMembers(settings)));
    }

    private ClusterPortLimits clusterPortLimits() {
        int total = options.clusterMaxConnections;
        return checked(
                CLUSTER_HANDSHAKE_TIMEOUT,
                () -> new ClusterPortLimits(
                        total, Math.min(options.clusterMaxConnectionsPerPeer, total), options.clusterHandshakeTimeout));
    }

    /**
     * At least two: with one copy the loss of any node loses its sessions, and a partition could not be told from
     * a loss (Infinispan's partition handling, which keeps a session from getting two lock holders, needs two).
     */
    private static int owners(int owners) {
        if (owners < 2) {
            throw new IllegalArgumentException("must be a whole number of at least 2 (for one copy, run a single "
                    + "node without --" + CLUSTER_MEMBERS + ")");
        }
        return owners;
    }

    /** More copies than nodes cannot be kept: a promise of --owners 3 on two nodes would be a false one. */
    private static ClusterSettings withEnoughMembers(ClusterSettings settings) {
        int nodes = InfinispanStores.nodeCount(settings);
        if (settings.owners() > nodes) {
            throw new IllegalArgumentException("more copies than the " + nodes + " nodes of --" + CLUSTER_MEMBERS
                    + " (this one included) can keep");
        }
        return settings;
    }

    /**
     * Mutual TLS from --cluster-secret; required unless cluster traffic stays on this machine. Reported without the
     * secret.
     */
    private Optional<SSLContext> clusterTls(InetAddress bind, String clusterName) {
        if (options.clusterSecret.isEmpty()) {
            if (!bind.isLoopbackAddress()) {
                throw new UserError(sources.get(CLUSTER_BIND).where() + ": cluster traffic beyond this machine must "
                        + "be encrypted and authenticated: give every node the same --" + CLUSTER_SECRET + " (at "
                        + "least " + ClusterTls.MIN_SECRET_LENGTH + " characters), or use --" + CLUSTER_BIND
                        + " 127.0.0.1");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(ClusterTls.fromSecret(options.clusterSecret, clusterName));
        } catch (IllegalArgumentException e) {
            throw new UserError(sources.get(CLUSTER_SECRET).whereWithoutText() + ": " + e.getMessage());
        }
    }

    /** Reported without the value, which holds password hashes. */
    private SqlLogins tdsLogins() {
        String logins = options.tdsUsers == null ? "" : String.join(",", options.tdsUsers);
        try {
            return SqlLogins.parse(
                    logins,
                    new CredentialCheckQueue(SqlLogins.CHECKS, options.tdsLoginQueue, options.tdsLoginFailures));
        } catch (IllegalArgumentException e) {
            throw new UserError(sources.get(TDS_USER).whereWithoutText() + ": " + e.getMessage());
        }
    }

    /** Empty for --tds-port off. */
    private Optional<TdsSettings> tds(SqlLogins logins, ConnectionLimits connections) {
        if (options.tdsPort.isEmpty()) {
            return Optional.empty();
        }
        TdsSettings defaults = TdsSettings.defaults();
        InetAddress bind = options.tdsBind == null ? options.bind : options.tdsBind;
        checked(TDS_BIND, () -> tdsAddress(bind, logins));
        Optional<SslContext> tls = checked(TDS_TLS, () -> tls(options.tdsTls));
        Duration loginTimeout = checked(
                TDS_LOGIN_TIMEOUT,
                () -> defaults.withConnections(connections, options.tdsLoginTimeout)
                        .loginTimeout());
        return Optional.of(new TdsSettings(
                bind,
                options.tdsPort.getAsInt(),
                defaults.maxMessageBytes(),
                defaults.minPacketSize(),
                defaults.maxPacketSize(),
                tls,
                Optional.of(options.tdsFailoverPartner).filter(partner -> !partner.isEmpty()),
                connections,
                loginTimeout));
    }

    /** Empty for none: PRELOGIN then answers that encryption is not supported. */
    private Optional<SslContext> tls(String text) {
        boolean keyStore =
                !text.equalsIgnoreCase(ServerOptions.NONE) && !text.equalsIgnoreCase(ServerOptions.SELF_SIGNED);
        if (!keyStore && !options.tdsTlsPassword.isEmpty()) {
            // A password with nothing to open is a mistake (a --tds-tls line lost from a config file, say), not
            // something to ignore: the listener would run without the certificate the operator meant to give it.
            throw new UserError(sources.get(TDS_TLS_PASSWORD).whereWithoutText() + ": given without a PKCS12 file in "
                    + "--" + TDS_TLS + ", so there is nothing for it to open");
        }
        if (text.equalsIgnoreCase(ServerOptions.NONE)) {
            return Optional.empty();
        }
        if (text.equalsIgnoreCase(ServerOptions.SELF_SIGNED)) {
            return Optional.of(TdsTls.selfSigned());
        }
        return Optional.of(TdsTls.pkcs12(Path.of(text), options.tdsTlsPassword.toCharArray()));
    }

    /** Runs a check of one option's value, reporting what it refuses with where the value was written. */
    private <T> T checked(String key, Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            throw new UserError(sources.get(key).where() + ": " + e.getMessage());
        }
    }

    /**
     * Without users every login is accepted, so only clients on this machine may reach the listener: otherwise
     * anyone on the network could read and write sessions.
     */
    private static InetAddress tdsAddress(InetAddress address, SqlLogins logins) {
        if (logins.isEmpty() && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("without --" + TDS_USER + " every SQL login is accepted, so the "
                    + "TDS listener only accepts loopback addresses (add --" + TDS_USER + " NAME=HASH, use --"
                    + TDS_BIND + " 127.0.0.1 or --" + TDS_PORT + " " + PortOrOff.OFF + ")");
        }
        return address;
    }

    private static List<CidrRange> ranges(List<CidrRange> ranges) {
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("at least one range is needed (127.0.0.0/8 allows local clients)");
        }
        return ranges;
    }

    private static String versionHeader(StateServerSettings defaults, String text) {
        return new StateServerSettings(
                        defaults.bindAddress(),
                        defaults.port(),
                        defaults.allowedPeers(),
                        defaults.idleTimeout(),
                        defaults.maxBodyBytes(),
                        text.trim(),
                        defaults.lockDateZone(),
                        defaults.connections())
                .aspNetVersion();
    }
}
