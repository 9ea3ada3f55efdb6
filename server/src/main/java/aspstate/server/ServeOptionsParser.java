package aspstate.server;

import static aspstate.server.ServeCommand.ADMIN_BIND;
import static aspstate.server.ServeCommand.ADMIN_MAX_CONNECTIONS;
import static aspstate.server.ServeCommand.ADMIN_MAX_CONNECTIONS_PER_PEER;
import static aspstate.server.ServeCommand.ADMIN_PORT;
import static aspstate.server.ServeCommand.ADMIN_QUEUE;
import static aspstate.server.ServeCommand.ADMIN_TOKEN;
import static aspstate.server.ServeCommand.ADMIN_TOKEN_FAILURES;
import static aspstate.server.ServeCommand.ALLOW;
import static aspstate.server.ServeCommand.BIND;
import static aspstate.server.ServeCommand.CLUSTER_BIND;
import static aspstate.server.ServeCommand.CLUSTER_HANDSHAKE_TIMEOUT;
import static aspstate.server.ServeCommand.CLUSTER_JOIN_TIMEOUT;
import static aspstate.server.ServeCommand.CLUSTER_MAX_CONNECTIONS;
import static aspstate.server.ServeCommand.CLUSTER_MAX_CONNECTIONS_PER_PEER;
import static aspstate.server.ServeCommand.CLUSTER_MEMBERS;
import static aspstate.server.ServeCommand.CLUSTER_NAME;
import static aspstate.server.ServeCommand.CLUSTER_PORT;
import static aspstate.server.ServeCommand.CLUSTER_SECRET;
import static aspstate.server.ServeCommand.DATA_DIR;
import static aspstate.server.ServeCommand.FSYNC;
import static aspstate.server.ServeCommand.IDLE_TIMEOUT;
import static aspstate.server.ServeCommand.JOURNAL_REWRITE_GROWTH;
import static aspstate.server.ServeCommand.JOURNAL_REWRITE_MIN_SIZE;
import static aspstate.server.ServeCommand.LOG_FORMAT;
import static aspstate.server.ServeCommand.LOG_LEVEL;
import static aspstate.server.ServeCommand.MAX_BODY;
import static aspstate.server.ServeCommand.MAX_CONNECTIONS;
import static aspstate.server.ServeCommand.MAX_CONNECTIONS_PER_PEER;
import static aspstate.server.ServeCommand.MAX_INBOUND;
import static aspstate.server.ServeCommand.MAX_MEMORY;
import static aspstate.server.ServeCommand.MAX_UNSENT;
import static aspstate.server.ServeCommand.MIN_REQUEST_RATE;
import static aspstate.server.ServeCommand.OWNERS;
import static aspstate.server.ServeCommand.REQUEST_TIMEOUT;
import static aspstate.server.ServeCommand.SHUTDOWN_TIMEOUT;
import static aspstate.server.ServeCommand.STATESERVER_PORT;
import static aspstate.server.ServeCommand.TDS_BIND;
import static aspstate.server.ServeCommand.TDS_FAILOVER_PARTNER;
import static aspstate.server.ServeCommand.TDS_LOGIN_FAILURES;
import static aspstate.server.ServeCommand.TDS_LOGIN_QUEUE;
import static aspstate.server.ServeCommand.TDS_LOGIN_TIMEOUT;
import static aspstate.server.ServeCommand.TDS_PORT;
import static aspstate.server.ServeCommand.TDS_TLS;
import static aspstate.server.ServeCommand.TDS_TLS_PASSWORD;
import static aspstate.server.ServeCommand.TDS_USER;
import static aspstate.server.ServeCommand.TRANSPORT;
import static aspstate.server.ServeCommand.VERSION_HEADER;

import aspstate.admin.AdminSettings;
import aspstate.admin.AdminToken;
import aspstate.core.ByteSize;
import aspstate.core.DurationText;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.CidrRange;
import aspstate.stateserver.StateServerSettings;
import aspstate.store.infinispan.ClusterPortLimits;
import aspstate.store.infinispan.ClusterSettings;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.infinispan.InfinispanStores;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalSettings;
import aspstate.tds.TdsSettings;
import aspstate.tds.tls.TdsTls;
import aspstate.transport.ConnectionLimits;
import aspstate.transport.CredentialCheckQueue;
import aspstate.transport.IoTransport;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Turns the texts of {@code serve}'s options into checked settings. Each value is checked on its own, by the
 * settings type that owns the limit, so that a bad one is reported with the place it was written:
 * {@code --max-body 0: max-body must be 1..2147483639 bytes, got 0}.
 */
final class ServeOptionsParser {
    private static final long MIB = 1L << 20;

    private final Map<String, SourcedValue> values;
    private final long heapMaxBytes;

    private ServeOptionsParser(Map<String, SourcedValue> values, long heapMaxBytes) {
        this.values = following(following(values, TDS_BIND, BIND), CLUSTER_BIND, BIND);
        this.heapMaxBytes = heapMaxBytes;
    }

    /**
     * @param values       a value for every option key (see {@link ServeOptionSources})
     * @param heapMaxBytes the JVM's maximum heap, which {@code --max-memory auto} takes half of
     * @throws UserError naming the first bad value and where it was written
     */
    static ServeOptions parse(Map<String, SourcedValue> values, long heapMaxBytes) {
        return new ServeOptionsParser(values, heapMaxBytes).parse();
    }

    private ServeOptions parse() {
        StateServerSettings defaults = StateServerSettings.defaults();
        InetAddress bind = parse(BIND, ServeOptionsParser::address);
        int port = parse(STATESERVER_PORT, text -> defaults.withPort(port(text)).port());
        SqlLogins tdsLogins = tdsLogins();
        ConnectionLimits connections = connectionLimits();
        Optional<TdsSettings> tds = tds(tdsLogins, connections);
        List<CidrRange> allow = parse(ALLOW, ServeOptionsParser::ranges);
        Duration idleTimeout = parse(
                IDLE_TIMEOUT,
                text -> defaults.withIdleTimeout(DurationText.parse(text)).idleTimeout());
        long maxBody = parse(
                MAX_BODY,
                text -> defaults.withMaxBodyBytes(ByteSize.parse(text)).maxBodyBytes());
        String versionHeader = parse(VERSION_HEADER, text -> versionHeader(defaults, text));
        MemoryStoreSettings memory = parse(MAX_MEMORY, text -> MemoryStoreSettings.withMaxMemory(maxMemory(text)));
        LogLevel logLevel = parse(LOG_LEVEL, LogLevel::parse);
        LogFormat logFormat = parse(LOG_FORMAT, LogFormat::parse);
        Optional<ClusterSettings> cluster = cluster();
        Optional<InfinispanSettings> infinispan = infinispan(cluster);
        Optional<JournalSettings> journal = journal(cluster.isPresent());
        long maxInbound = parse(MAX_INBOUND, text -> maxInbound(text, memory.maxMemoryBytes()));
        Duration shutdownTimeout = parse(SHUTDOWN_TIMEOUT, text -> boundedDuration(text, MAX_SHUTDOWN_TIMEOUT));
        IoTransport transport = parse(TRANSPORT, IoTransport::parse);
        StateServerSettings stateServer = new StateServerSettings(
                bind, port, allow, idleTimeout, maxBody, versionHeader, ZoneId.systemDefault(), connections);
        return new ServeOptions(
                stateServer,
                tds,
                tdsLogins,
                memory,
                maxInbound,
                infinispan,
                journal,
                logLevel,
                logFormat,
                shutdownTimeout,
                admin(connections, idleTimeout),
                transport,
                values,
                () -> values);
    }

    /**
     * Empty for --admin-port off. The token's hash is reported without its text, as logins are. The admin listener
     * has the protocols' request timeout, unsent limit, minimum rate and idle timeout, and caps of its own.
     */
    private Optional<AdminSettings> admin(ConnectionLimits protocolLimits, Duration idleTimeout) {
        if (parse(ADMIN_PORT, text -> text.equalsIgnoreCase(ServeCommand.OFF))) {
            return Optional.empty();
        }
        int port = parse(ADMIN_PORT, ServeOptionsParser::adminPort);
        SourcedValue tokenHash = values.get(ADMIN_TOKEN);
        Optional<AdminToken> token;
        try {
            token = tokenHash.text().isEmpty()
                    ? Optional.empty()
                    : Optional.of(new AdminToken(PasswordHash.parse(tokenHash.text())::matches));
        } catch (IllegalArgumentException e) {
            throw new UserError(tokenHash.whereWithoutText() + ": " + e.getMessage());
        }
        InetAddress bind = parse(ADMIN_BIND, text -> adminAddress(text, token.isPresent()));
        int maxConnections = parse(ADMIN_MAX_CONNECTIONS, text -> atLeastOne(count(text)));
        int maxPerPeer = parse(ADMIN_MAX_CONNECTIONS_PER_PEER, text -> atLeastOne(count(text)));
        int queue = parse(ADMIN_QUEUE, text -> atLeastOne(count(text)));
        int tokenFailures = parse(ADMIN_TOKEN_FAILURES, text -> atLeastOne(count(text)));
        return Optional.of(new AdminSettings(
                bind,
                port,
                token,
                protocolLimits.withMaxConnections(maxConnections, Math.min(maxPerPeer, maxConnections)),
                idleTimeout,
                queue,
                tokenFailures));
    }

    private static int adminPort(String text) {
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(
                    "not a port number (0..65535; 0 picks a free port) or " + ServeCommand.OFF);
        }
        return port;
    }

    /** Without a token, anyone who reaches the admin listener could read, unlock and delete sessions. */
    private static InetAddress adminAddress(String text, boolean withToken) {
        InetAddress address = address(text);
        if (!withToken && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("without --" + ADMIN_TOKEN + " anyone reaching the admin listener "
                    + "could read, unlock and delete sessions, so it only listens on loopback (add --" + ADMIN_TOKEN
                    + " HASH from 'aspstate hash-password', use --" + ADMIN_BIND + " 127.0.0.1 or --" + ADMIN_PORT
                    + " " + ServeCommand.OFF + ")");
        }
        return address;
    }

    /** Per listener; the total is lowered to what the open-file limit leaves for both listeners. */
    private ConnectionLimits connectionLimits() {
        ConnectionLimits defaults = ConnectionLimits.defaults();
        int total = parse(
                MAX_CONNECTIONS,
                text -> defaults.withMaxConnections(count(text), 1).maxConnections());
        int perPeer = parse(
                MAX_CONNECTIONS_PER_PEER,
                text -> defaults.withMaxConnections(1, count(text)).maxConnectionsPerPeer());
        Duration requestTimeout = parse(
                REQUEST_TIMEOUT,
                text -> defaults.withRequestTimeout(DurationText.parse(text)).requestTimeout());
        int maxUnsent = parse(
                MAX_UNSENT, text -> defaults.withMaxUnsentBytes(intBytes(text)).maxUnsentBytes());
        long minRate = parse(
                MIN_REQUEST_RATE,
                text -> defaults.withMinRequestRate(ByteSize.parse(text)).minRequestRate());
        int adminConnections = parse(ADMIN_PORT, text -> text.equalsIgnoreCase(ServeCommand.OFF))
                ? 0
                : parse(ADMIN_MAX_CONNECTIONS, ServeOptionsParser::count);
        int allowed = OpenFileLimit.connectionsPerListener(
                total,
                Math.max(0, adminConnections),
                values.get(MAX_CONNECTIONS).where());
        return new ConnectionLimits(allowed, Math.min(perPeer, allowed), requestTimeout, maxUnsent, minRate);
    }

    private static int count(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }

    private static int intBytes(String text) {
        long bytes = ByteSize.parse(text);
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("must be less than 2 GiB");
        }
        return (int) bytes;
    }

    /** "auto" is a quarter of --max-memory, or of the heap when --max-memory is 0 (no limit). */
    private long maxInbound(String text, long maxMemory) {
        if (text.toLowerCase(Locale.ROOT).equals(ServeCommand.AUTO)) {
            return Math.max(MIB, (maxMemory == 0 ? heapMaxBytes : maxMemory) / 4);
        }
        long bytes = ByteSize.parse(text);
        if (bytes < 1) {
            throw new IllegalArgumentException("must be at least 1 byte");
        }
        return bytes;
    }

    /**
     * An unset option that follows another (--tds-bind and --cluster-bind follow --bind) takes its value, and where
     * it was written, so that a message about the address names the option the user actually wrote.
     */
    private static Map<String, SourcedValue> following(Map<String, SourcedValue> values, String key, String leader) {
        SourcedValue value = values.get(key);
        if (value != null && value.text() != null) {
            return values;
        }
        Map<String, SourcedValue> resolved = new LinkedHashMap<>(values);
        resolved.put(key, values.get(leader));
        return resolved;
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
        Optional<Path> directory = dataDirectory();
        Fsync fsync = parse(FSYNC, ServeOptionsParser::fsync);
        long minBytes = parse(JOURNAL_REWRITE_MIN_SIZE, ServeOptionsParser::rewriteMinBytes);
        int growth = parse(JOURNAL_REWRITE_GROWTH, ServeOptionsParser::rewriteGrowth);
        return directory.map(path -> new JournalSettings(path, fsync, minBytes, growth));
    }

    private Optional<Path> dataDirectory() {
        return parse(DATA_DIR, text -> text.isEmpty() ? Optional.<Path>empty() : Optional.of(Path.of(text)));
    }

    /** Empty without --cluster-members: one node, in memory or with its journal. */
    private Optional<InfinispanSettings> infinispan(Optional<ClusterSettings> cluster) {
        Duration joinTimeout = parse(CLUSTER_JOIN_TIMEOUT, text -> boundedDuration(text, MAX_CLUSTER_JOIN_TIMEOUT));
        Optional<JournalSettings> journal = journalSettings();
        return cluster.map(settings -> new InfinispanSettings(settings, journal, joinTimeout));
    }

    private static Fsync fsync(String text) {
        for (Fsync each : Fsync.values()) {
            if (each.optionValue().equalsIgnoreCase(text)) {
                return each;
            }
        }
        throw new IllegalArgumentException("must be always, everysec or off");
    }

    private static long rewriteMinBytes(String text) {
        long bytes = ByteSize.parse(text);
        if (bytes < MIB) {
            throw new IllegalArgumentException("must be at least 1MiB");
        }
        return bytes;
    }

    private static int rewriteGrowth(String text) {
        int percent = count(text);
        if (percent < 10 || percent > 10_000) {
            throw new IllegalArgumentException("must be a percentage from 10 to 10000");
        }
        return percent;
    }

    /** A stop that takes longer than this is stuck; a halt then is what a supervisor needs. */
    private static final Duration MAX_SHUTDOWN_TIMEOUT = Duration.ofHours(1);
    /** Longer than any start an operator waits for. */
    private static final Duration MAX_CLUSTER_JOIN_TIMEOUT = Duration.ofDays(1);

    /** More than 0 and at most {@code max}: what the timers that use it can hold, and what makes sense. */
    private static Duration boundedDuration(String text, Duration max) {
        Duration duration = DurationText.parse(text);
        if (duration.isZero() || duration.compareTo(max) > 0) {
            throw new IllegalArgumentException("must be more than 0 and at most " + DurationText.format(max));
        }
        return duration;
    }

    /** Empty without --cluster-members. */
    private Optional<ClusterSettings> cluster() {
        List<InetSocketAddress> members = parse(CLUSTER_MEMBERS, ClusterMembers::parse);
        String name = parse(CLUSTER_NAME, ServeOptionsParser::clusterName);
        int port = parse(CLUSTER_PORT, ServeOptionsParser::clusterPort);
        int owners = parse(OWNERS, ServeOptionsParser::owners);
        InetAddress bind = parse(CLUSTER_BIND, ServeOptionsParser::address);
        ClusterPortLimits portLimits = clusterPortLimits();
        if (members.isEmpty()) {
            return Optional.empty();
        }
        Optional<SSLContext> tls = clusterTls(bind, name);
        ClusterSettings settings = new ClusterSettings(name, bind, port, members, owners, tls, portLimits);
        return Optional.of(parse(OWNERS, text -> withEnoughMembers(settings)));
    }

    private ClusterPortLimits clusterPortLimits() {
        ClusterPortLimits defaults = ClusterPortLimits.defaults();
        int total = parse(
                CLUSTER_MAX_CONNECTIONS,
                text -> new ClusterPortLimits(
                                count(text), defaults.maxConnectionsPerPeer(), defaults.handshakeTimeout())
                        .maxConnections());
        int perPeer = parse(
                CLUSTER_MAX_CONNECTIONS_PER_PEER,
                text -> new ClusterPortLimits(defaults.maxConnections(), count(text), defaults.handshakeTimeout())
                        .maxConnectionsPerPeer());
        Duration handshake = parse(
                CLUSTER_HANDSHAKE_TIMEOUT,
                text -> new ClusterPortLimits(
                                defaults.maxConnections(), defaults.maxConnectionsPerPeer(), DurationText.parse(text))
                        .handshakeTimeout());
        return new ClusterPortLimits(total, Math.min(perPeer, total), handshake);
    }

    private static String clusterName(String text) {
        if (text.isEmpty() || !text.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("a cluster name is letters, digits, '.', '_' and '-'");
        }
        return text;
    }

    private static int clusterPort(String text) {
        int port = port(text);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("must be 1..65535");
        }
        return port;
    }

    /**
     * At least two: with one copy the loss of any node loses its sessions, and a partition could not be told from
     * a loss (Infinispan's partition handling, which keeps a session from getting two lock holders, needs two).
     */
    private static int owners(String text) {
        try {
            int owners = Integer.parseInt(text);
            if (owners >= 2) {
                return owners;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("must be a whole number of at least 2 (for one copy, run a single node "
                + "without --" + CLUSTER_MEMBERS + ")");
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
        SourcedValue secret = values.get(CLUSTER_SECRET);
        if (secret.text().isEmpty()) {
            if (!bind.isLoopbackAddress()) {
                throw new UserError(values.get(CLUSTER_BIND).where() + ": cluster traffic beyond this machine must "
                        + "be encrypted and authenticated: give every node the same --" + CLUSTER_SECRET + " (at "
                        + "least " + ClusterTls.MIN_SECRET_LENGTH + " characters), or use --" + CLUSTER_BIND
                        + " 127.0.0.1");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(ClusterTls.fromSecret(secret.text(), clusterName));
        } catch (IllegalArgumentException e) {
            throw new UserError(secret.whereWithoutText() + ": " + e.getMessage());
        }
    }

    /** Reported without the value, which holds password hashes. */
    private SqlLogins tdsLogins() {
        int queue = parse(TDS_LOGIN_QUEUE, text -> atLeastOne(count(text)));
        int failures = parse(TDS_LOGIN_FAILURES, text -> atLeastOne(count(text)));
        SourcedValue value = values.get(TDS_USER);
        try {
            return SqlLogins.parse(value.text(), new CredentialCheckQueue(SqlLogins.CHECKS, queue, failures));
        } catch (IllegalArgumentException e) {
            throw new UserError(value.whereWithoutText() + ": " + e.getMessage());
        }
    }

    private static int atLeastOne(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("must be at least 1");
        }
        return count;
    }

    /** Empty for --tds-port off. */
    private Optional<TdsSettings> tds(SqlLogins logins, ConnectionLimits connections) {
        if (parse(TDS_PORT, text -> text.equalsIgnoreCase(ServeCommand.OFF))) {
            return Optional.empty();
        }
        TdsSettings defaults = TdsSettings.defaults();
        int port = parse(TDS_PORT, text -> defaults.withPort(tdsPort(text)).port());
        InetAddress bind = parse(TDS_BIND, text -> tdsAddress(text, logins));
        Optional<SslContext> tls = parse(TDS_TLS, this::tls);
        Optional<String> failoverPartner = parse(TDS_FAILOVER_PARTNER, ServeOptionsParser::failoverPartner);
        Duration loginTimeout = parse(
                TDS_LOGIN_TIMEOUT,
                text -> defaults.withConnections(connections, DurationText.parse(text))
                        .loginTimeout());
        return Optional.of(new TdsSettings(
                bind,
                port,
                defaults.maxMessageBytes(),
                defaults.minPacketSize(),
                defaults.maxPacketSize(),
                tls,
                failoverPartner,
                connections,
                loginTimeout));
    }

    /** A server name as a Data Source writes it (HOST or HOST,PORT); empty for none. */
    private static Optional<String> failoverPartner(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        if (text.length() > 255 || !text.matches("[A-Za-z0-9._:\\[\\]-]+(,\\d{1,5})?")) {
            throw new IllegalArgumentException("not a server as a connection string names one (HOST or HOST,PORT)");
        }
        return Optional.of(text);
    }

    /** Empty for none: PRELOGIN then answers that encryption is not supported. */
    private Optional<SslContext> tls(String text) {
        SourcedValue password = values.get(TDS_TLS_PASSWORD);
        boolean keyStore =
                !text.equalsIgnoreCase(ServeCommand.NONE) && !text.equalsIgnoreCase(ServeCommand.SELF_SIGNED);
        if (!keyStore && !password.text().isEmpty()) {
            // A password with nothing to open is a mistake (a --tds-tls line lost from a config file, say), not
            // something to ignore: the listener would run without the certificate the operator meant to give it.
            throw new UserError(password.whereWithoutText() + ": given without a PKCS12 file in --" + TDS_TLS
                    + ", so there is nothing for it to open");
        }
        if (text.equalsIgnoreCase(ServeCommand.NONE)) {
            return Optional.empty();
        }
        if (text.equalsIgnoreCase(ServeCommand.SELF_SIGNED)) {
            return Optional.of(TdsTls.selfSigned());
        }
        return Optional.of(TdsTls.pkcs12(Path.of(text), password.text().toCharArray()));
    }

    private <T> T parse(String key, Function<String, T> parser) {
        SourcedValue value = values.get(key);
        if (value == null) {
            throw new IllegalStateException("no value for option " + key);
        }
        try {
            return parser.apply(value.text().trim());
        } catch (IllegalArgumentException e) {
            throw new UserError(value.where() + ": " + e.getMessage());
        }
    }

    private static InetAddress address(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("an address is needed (e.g. 127.0.0.1, or 0.0.0.0 for all)");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("no such address or host name");
        }
    }

    private static int port(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port number (0..65535; 0 picks a free port)");
        }
    }

    private static int tdsPort(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "not a port number (0..65535; 0 picks a free port) or " + ServeCommand.OFF);
        }
    }

    /**
     * Without users every login is accepted, so only clients on this machine may reach the listener: otherwise
     * anyone on the network could read and write sessions.
     */
    private static InetAddress tdsAddress(String text, SqlLogins logins) {
        InetAddress address = address(text);
        if (logins.isEmpty() && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("without --" + TDS_USER + " every SQL login is accepted, so the "
                    + "TDS listener only accepts loopback addresses (add --" + TDS_USER + " NAME=HASH, use --"
                    + TDS_BIND + " 127.0.0.1 or --" + TDS_PORT + " " + ServeCommand.OFF + ")");
        }
        return address;
    }

    private static List<CidrRange> ranges(String text) {
        List<CidrRange> ranges = new ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                ranges.add(CidrRange.parse(part));
            }
        }
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
                        text,
                        defaults.lockDateZone(),
                        defaults.connections())
                .aspNetVersion();
    }

    /** "auto" is half the heap, rounded down to whole MiB so that the startup line reads well. */
    private long maxMemory(String text) {
        if (text.toLowerCase(Locale.ROOT).equals(ServeCommand.AUTO)) {
            return Math.max(MIB, heapMaxBytes / 2 / MIB * MIB);
        }
        return ByteSize.parse(text);
    }
}
