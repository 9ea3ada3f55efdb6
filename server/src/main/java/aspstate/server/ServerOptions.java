package aspstate.server;

import aspstate.admin.AdminSettings;
import aspstate.cli.ByteSizeConverter;
import aspstate.cli.ByteSizeOrAuto;
import aspstate.cli.Count;
import aspstate.cli.Port;
import aspstate.cli.PortOrOff;
import aspstate.cli.WholeNumber;
import aspstate.stateserver.CidrRange;
import aspstate.stateserver.StateServerSettings;
import aspstate.store.infinispan.ClusterPortLimits;
import aspstate.store.infinispan.ClusterSettings;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalSettings;
import aspstate.tds.TdsSettings;
import aspstate.transport.ConnectionLimits;
import aspstate.transport.CredentialCheckQueue;
import aspstate.transport.IoTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Every option of the server, each defined once: its name, typed value, default and help, and the converter of a
 * number (a port, a count, a size; other types have theirs registered by {@link ServeConverters}). Shared by the
 * commands that take the server's settings ({@code serve}, and {@code cluster-stop}, so that both read the same
 * config file). picocli converts each value, from the command line or, through {@link ConfigFileDefaults}, from
 * the config file; {@link ServeOptionsBuilder} then checks the limits that settings records own and what options
 * require of each other. The README's options table and dist/aspstate.conf are tested against these options.
 */
final class ServerOptions {
    // The options' long names without dashes, which are also their keys in the config file.
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

    // What --tds-tls takes besides a key store's file.
    static final String NONE = "none";
    static final String SELF_SIGNED = "self-signed";

    @Option(
            names = "--" + BIND,
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description = "Address of both listeners (StateServer and TDS); 0.0.0.0 or :: listens on all. "
                    + "Default: ${DEFAULT-VALUE}")
    InetAddress bind;

    @Option(
            names = "--" + STATESERVER_PORT,
            converter = Port.class,
            paramLabel = "PORT",
            defaultValue = "" + StateServerSettings.DEFAULT_PORT,
            description = "TCP port of the StateServer protocol; 0 picks a free port (the startup line shows "
                    + "it). Default: ${DEFAULT-VALUE}")
    int stateServerPort;

    @Option(
            names = "--" + TDS_PORT,
            converter = PortOrOff.class,
            paramLabel = "PORT",
            defaultValue = "" + TdsSettings.DEFAULT_PORT,
            description = "TCP port of the TDS listener (ASP.NET's SQL Server mode); 0 picks a free port, off "
                    + "does not start it. Default: ${DEFAULT-VALUE}")
    OptionalInt tdsPort;

    // No defaultValue: an unset --tds-bind follows --bind.
    @Option(
            names = "--" + TDS_BIND,
            paramLabel = "ADDRESS",
            description = "Address of the TDS listener; loopback only unless --" + TDS_USER + " is given. "
                    + "Default: the --bind value")
    InetAddress tdsBind;

    @Option(
            names = "--" + TDS_USER,
            paramLabel = "NAME=HASH",
            split = ",",
            description = "A SQL login the TDS listener accepts; HASH is printed by 'aspstate hash-password'. "
                    + "Repeat the option or separate with commas (in --" + CONFIG + ": tds-user=NAME1=HASH1,"
                    + "NAME2=HASH2). Without any, every login is accepted and the TDS listener must be on "
                    + "loopback. Default: none")
    List<String> tdsUsers;

    @Option(
            names = "--" + TDS_TLS,
            paramLabel = "self-signed|FILE.p12",
            defaultValue = NONE,
            description = "Certificate for TLS on the TDS listener: a PKCS12 file (with --" + TDS_TLS_PASSWORD
                    + "), or self-signed to generate one at start (clients must trust the server certificate). "
                    + "With none, clients must connect with encryption off. Default: ${DEFAULT-VALUE}")
    String tdsTls;

    @Option(
            names = "--" + TDS_TLS_PASSWORD,
            paramLabel = "PASSWORD",
            defaultValue = "",
            description = "Password of the --" + TDS_TLS + " PKCS12 file. Default: none")
    String tdsTlsPassword;

    @Option(
            names = "--" + TDS_FAILOVER_PARTNER,
            converter = ServeConverters.FailoverPartner.class,
            paramLabel = "HOST[,PORT]",
            defaultValue = "",
            description = "Another node's TDS listener, announced to SQL clients after login as SQL Server "
                    + "announces a mirroring partner, so that SqlClient's 'Failover Partner=HOST,PORT' in the "
                    + "connection string reaches that node when this one is down. Default: none")
    String tdsFailoverPartner;

    @Option(
            names = "--" + ADMIN_PORT,
            converter = PortOrOff.class,
            paramLabel = "PORT",
            defaultValue = "" + AdminSettings.DEFAULT_PORT,
            description = "TCP port of the admin listener (dashboard, /metrics, /health, the session API); 0 picks "
                    + "a free port, off does not start it. Default: ${DEFAULT-VALUE}")
    OptionalInt adminPort;

    @Option(
            names = "--" + ADMIN_BIND,
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description = "Address of the admin listener; loopback only unless --" + ADMIN_TOKEN + " is given. "
                    + "Default: ${DEFAULT-VALUE}")
    InetAddress adminBind;

    @Option(
            names = "--" + ADMIN_TOKEN,
            paramLabel = "HASH",
            defaultValue = "",
            description = "Hash of the bearer token the admin listener requires (print it with 'aspstate "
                    + "hash-password' from the token); needed to bind it beyond loopback. Default: none")
    String adminToken;

    @Option(
            names = "--" + ADMIN_MAX_CONNECTIONS,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + AdminSettings.DEFAULT_MAX_CONNECTIONS,
            description = "Connections the admin listener keeps open at once; beyond it the one furthest behind --"
                    + MIN_REQUEST_RATE + " is closed to make room, else the new one. Default: ${DEFAULT-VALUE}")
    int adminMaxConnections;

    @Option(
            names = "--" + ADMIN_MAX_CONNECTIONS_PER_PEER,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + AdminSettings.DEFAULT_MAX_CONNECTIONS_PER_PEER,
            description = "Connections one client address keeps open on the admin listener at once, likewise. "
                    + "Default: ${DEFAULT-VALUE}")
    int adminMaxConnectionsPerPeer;

    @Option(
            names = "--" + ADMIN_QUEUE,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + AdminSettings.DEFAULT_QUEUE,
            description = "Admin requests that visit the stores (listings, a session, stats, metrics) waiting for "
                    + "an admin thread at once, and token checks waiting for theirs; more are answered 503 with "
                    + "Retry-After. Default: ${DEFAULT-VALUE}")
    int adminQueue;

    @Option(
            names = "--" + ADMIN_TOKEN_FAILURES,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + AdminSettings.DEFAULT_TOKEN_FAILURES,
            description = "Wrong admin tokens from one client address in a minute after which its tokens are "
                    + "refused without a check until the minute is over. Default: ${DEFAULT-VALUE}")
    int adminTokenFailures;

    @Option(
            names = "--" + ALLOW,
            paramLabel = "CIDR",
            split = ",",
            defaultValue = "127.0.0.0/8,::1",
            description = "Peers allowed to connect to the StateServer listener, as CIDR ranges or addresses; "
                    + "repeat the option or separate with commas. Given ranges REPLACE the default, so include "
                    + "127.0.0.0/8 (and ::1) to keep local access. Default: ${DEFAULT-VALUE}")
    List<CidrRange> allow;

    @Option(
            names = "--" + IDLE_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "30s",
            description = "Close a connection idle this long: 500ms, 30s, 2m, 1h (a plain number is seconds); "
                    + "0 never closes. Default: ${DEFAULT-VALUE}")
    Duration idleTimeout;

    @Option(
            names = "--" + MAX_BODY,
            converter = ByteSizeConverter.class,
            paramLabel = "SIZE",
            defaultValue = "64MiB",
            description = "Largest session data one request may store: bytes, or 64KiB, 64MiB, 1GiB. "
                    + "Default: ${DEFAULT-VALUE}")
    long maxBody;

    @Option(
            names = "--" + MAX_MEMORY,
            converter = ByteSizeOrAuto.class,
            paramLabel = "SIZE",
            defaultValue = ByteSizeOrAuto.AUTO,
            description = "Memory for stored sessions; writes beyond it are refused. One budget shared by the "
                    + "StateServer and SQL Server mode stores. auto = half the JVM heap (-Xmx), 0 = unlimited. "
                    + "Default: ${DEFAULT-VALUE}")
    OptionalLong maxMemory;

    @Option(
            names = "--" + DATA_DIR,
            paramLabel = "DIR",
            description = "Keep every store in files under DIR (created if missing), written before a request is "
                    + "answered, so a restart or a crash loses no session. Without it, sessions live in memory "
                    + "only. Default: none")
    Path dataDir;

    @Option(
            names = "--" + FSYNC,
            paramLabel = "always|everysec|off",
            defaultValue = "always",
            description = "With --" + DATA_DIR + ": always answers a write once it is on disk (a power cut loses "
                    + "nothing answered); everysec once the operating system has it, synced every second (a crash "
                    + "of the process loses nothing, a power cut at most about the last 2 s); off never syncs (for "
                    + "tests). Default: ${DEFAULT-VALUE}")
    Fsync fsync;

    @Option(
            names = "--" + JOURNAL_REWRITE_MIN_SIZE,
            converter = ByteSizeConverter.class,
            paramLabel = "SIZE",
            defaultValue = "64MiB",
            description = "With --" + DATA_DIR + ": the journal is compacted (the live sessions rewritten into a "
                    + "new base, in the background) once what was written since the last base reaches both this "
                    + "size and --" + JOURNAL_REWRITE_GROWTH + " percent of that base. Default: ${DEFAULT-VALUE}")
    long journalRewriteMinSize;

    @Option(
            names = "--" + JOURNAL_REWRITE_GROWTH,
            converter = WholeNumber.class,
            paramLabel = "PERCENT",
            defaultValue = "" + JournalSettings.DEFAULT_REWRITE_GROWTH_PERCENT,
            description = "With --" + DATA_DIR + ": see --" + JOURNAL_REWRITE_MIN_SIZE + "; the journal then "
                    + "takes at most about (2 + PERCENT/100) times the live sessions plus --"
                    + JOURNAL_REWRITE_MIN_SIZE + " on disk. Default: ${DEFAULT-VALUE}")
    int journalRewriteGrowth;

    @Option(
            names = "--" + CLUSTER_MEMBERS,
            converter = ClusterMembers.class,
            paramLabel = "HOST:PORT",
            split = ",",
            description = "Run as one node of a cluster with these members (their --" + CLUSTER_BIND + " and --"
                    + CLUSTER_PORT + "; this node may be listed too): any node serves any session and losing "
                    + "fewer than --" + OWNERS + " nodes loses none. Repeat the option or separate with commas. "
                    + "Default: none (a single node)")
    List<InetSocketAddress> clusterMembers;

    // No defaultValue: an unset --cluster-bind follows --bind.
    @Option(
            names = "--" + CLUSTER_BIND,
            paramLabel = "ADDRESS",
            description = "Address of this node's cluster traffic; beyond loopback it needs --" + CLUSTER_SECRET
                    + ". Default: the --bind value")
    InetAddress clusterBind;

    @Option(
            names = "--" + CLUSTER_PORT,
            converter = Port.Fixed.class,
            paramLabel = "PORT",
            defaultValue = "" + ClusterSettings.DEFAULT_PORT,
            description = "TCP port of this node's cluster traffic. Default: ${DEFAULT-VALUE}")
    int clusterPort;

    @Option(
            names = "--" + CLUSTER_NAME,
            converter = ServeConverters.ClusterName.class,
            paramLabel = "NAME",
            defaultValue = ClusterSettings.DEFAULT_NAME,
            description =
                    "Name of the cluster; nodes join only a cluster of the same name. " + "Default: ${DEFAULT-VALUE}")
    String clusterName;

    @Option(
            names = "--" + OWNERS,
            converter = WholeNumber.class,
            paramLabel = "N",
            defaultValue = "" + ClusterSettings.DEFAULT_OWNERS,
            description = "Copies kept of every session, on different nodes, written before a request is "
                    + "answered: at least 2, at most the number of members. Default: ${DEFAULT-VALUE}")
    int owners;

    @Option(
            names = "--" + CLUSTER_SECRET,
            paramLabel = "SECRET",
            defaultValue = "",
            description = "Shared secret of the cluster (at least " + ClusterTls.MIN_SECRET_LENGTH + " characters, "
                    + "the same on every node): cluster traffic is then mutual TLS and only nodes knowing the "
                    + "secret join. Required when --" + CLUSTER_BIND + " is not a loopback address. Put it in the "
                    + "--" + CONFIG + " file, where 'ps' does not show it. Default: none")
    String clusterSecret;

    @Option(
            names = "--" + CLUSTER_JOIN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "5m",
            description = "How long a starting node waits for a majority of the cluster's members before it gives "
                    + "up; it serves nothing until then. Default: ${DEFAULT-VALUE}")
    Duration clusterJoinTimeout;

    @Option(
            names = "--" + CLUSTER_MAX_CONNECTIONS,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + ClusterPortLimits.DEFAULT_MAX_CONNECTIONS,
            description = "Connections the cluster port accepts at once (each costs a thread); more are closed as "
                    + "they arrive. Default: ${DEFAULT-VALUE}")
    int clusterMaxConnections;

    @Option(
            names = "--" + CLUSTER_MAX_CONNECTIONS_PER_PEER,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + ClusterPortLimits.DEFAULT_MAX_CONNECTIONS_PER_PEER,
            description = "Connections the cluster port accepts at once from one address (nodes on one machine "
                    + "share theirs); more are closed as they arrive. Default: ${DEFAULT-VALUE}")
    int clusterMaxConnectionsPerPeer;

    @Option(
            names = "--" + CLUSTER_HANDSHAKE_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "2s",
            description = "A connection to the cluster port must finish its TLS handshake within this long, and "
                    + "send each part of its node address within it, or it is closed (1ms..1m). "
                    + "Default: ${DEFAULT-VALUE}")
    Duration clusterHandshakeTimeout;

    @Option(
            names = "--" + MAX_CONNECTIONS,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + ConnectionLimits.DEFAULT_MAX_CONNECTIONS,
            description = "Connections the StateServer and the TDS listener each keep open at once; beyond it the "
                    + "one furthest behind --" + MIN_REQUEST_RATE + " is closed to make room, else the new one. "
                    + "Lowered to what the process's open-file limit allows (a warning says so). "
                    + "Default: ${DEFAULT-VALUE}")
    int maxConnections;

    @Option(
            names = "--" + MAX_CONNECTIONS_PER_PEER,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + ConnectionLimits.DEFAULT_MAX_CONNECTIONS_PER_PEER,
            description = "Connections one client address keeps open on each of those listeners at once, likewise. "
                    + "Default: ${DEFAULT-VALUE}")
    int maxConnectionsPerPeer;

    @Option(
            names = "--" + REQUEST_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "30s",
            description = "A request must arrive whole within this long of its first byte, or its connection is "
                    + "closed (every listener, admin included). Default: ${DEFAULT-VALUE}")
    Duration requestTimeout;

    @Option(
            names = "--" + MAX_UNSENT,
            converter = ByteSizeConverter.class,
            paramLabel = "SIZE",
            defaultValue = "1MiB",
            description = "Answers a client has not taken yet, per connection, above which its next requests wait "
                    + "and nothing more is read from it (every listener). Default: ${DEFAULT-VALUE}")
    long maxUnsent;

    @Option(
            names = "--" + MAX_INBOUND,
            converter = ByteSizeOrAuto.class,
            paramLabel = "SIZE",
            defaultValue = ByteSizeOrAuto.AUTO,
            description = "Memory all connections together may hold for requests still arriving (large bodies "
                    + "sent slowly), taken from --" + MAX_MEMORY + " while held; a request that does not fit closes "
                    + "its connection. auto = a quarter of --" + MAX_MEMORY + " (a quarter of the heap when that "
                    + "is 0). Default: ${DEFAULT-VALUE}")
    OptionalLong maxInbound;

    @Option(
            names = "--" + MIN_REQUEST_RATE,
            converter = ByteSizeConverter.class,
            paramLabel = "SIZE",
            defaultValue = "" + ConnectionLimits.DEFAULT_MIN_REQUEST_RATE,
            description = "Bytes a second a request must arrive at, at least: when a listener reaches --"
                    + MAX_CONNECTIONS + " or --" + MAX_CONNECTIONS_PER_PEER + ", the connection furthest behind "
                    + "this rate (a client trickling its request, or connected and silent, for over a second) is "
                    + "closed to make room for the new one; 0 closes the new one instead. Default: ${DEFAULT-VALUE}")
    long minRequestRate;

    @Option(
            names = "--" + TDS_LOGIN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "15s",
            description = "A TDS connection not logged in this long after it opened is closed. "
                    + "Default: ${DEFAULT-VALUE}")
    Duration tdsLoginTimeout;

    @Option(
            names = "--" + TDS_LOGIN_QUEUE,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + CredentialCheckQueue.DEFAULT_MAX_QUEUED,
            description = "TDS logins waiting for their password check at once (with --" + TDS_USER + "); more are "
                    + "refused at once, as is a fifth from one client address. Default: ${DEFAULT-VALUE}")
    int tdsLoginQueue;

    @Option(
            names = "--" + TDS_LOGIN_FAILURES,
            converter = Count.class,
            paramLabel = "N",
            defaultValue = "" + CredentialCheckQueue.DEFAULT_MAX_FAILURES_PER_MINUTE,
            description = "Failed TDS logins from one client address in a minute after which its logins are "
                    + "refused without a check until the minute is over. Default: ${DEFAULT-VALUE}")
    int tdsLoginFailures;

    @Option(
            names = "--" + SHUTDOWN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = "30s",
            description = "Longest a stop (Ctrl-C, SIGTERM) may take; past it the process is halted with status 1. "
                    + "Default: ${DEFAULT-VALUE}")
    Duration shutdownTimeout;

    @Option(
            names = "--" + TRANSPORT,
            paramLabel = "auto|io_uring|epoll|nio",
            defaultValue = "auto",
            description = "How connections reach the kernel: io_uring (fewest system calls per request), epoll, or "
                    + "Java's portable nio. auto takes io_uring where the kernel allows it (the "
                    + "kernel.io_uring_disabled sysctl and container seccomp profiles often do not), else epoll. "
                    + "Default: ${DEFAULT-VALUE}")
    IoTransport transport;

    @Option(
            names = "--" + VERSION_HEADER,
            paramLabel = "VERSION",
            defaultValue = StateServerSettings.DEFAULT_ASPNET_VERSION,
            description = "X-AspNet-Version sent in every response. Default: ${DEFAULT-VALUE}")
    String versionHeader;

    @Option(
            names = "--" + LOG_LEVEL,
            paramLabel = "LEVEL",
            defaultValue = "info",
            description = "One of " + LogLevel.CHOICES + ". Default: ${DEFAULT-VALUE}")
    LogLevel logLevel;

    @Option(
            names = "--" + LOG_FORMAT,
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "Log lines on stderr as text, or as one JSON object each for a log collector ("
                    + LogFormat.CHOICES + "). Default: ${DEFAULT-VALUE}")
    LogFormat logFormat;

    @Option(
            names = "--" + CONFIG,
            paramLabel = "FILE",
            description = "Properties file setting any of the options above, keyed by the option name "
                    + "without dashes, e.g. max-memory=2GiB; options on the command line override it. "
                    + "Default: none")
    Path config;

    /** The checked settings: the command line, else the config file, else the defaults. */
    ServeOptions parse(CommandSpec spec, long heapMaxBytes) {
        // SIGHUP reads the file again; the command line stays as it was parsed.
        List<String> commandLine = settingArguments(spec.commandLine().getParseResult());
        return ServeOptionsBuilder.build(this, sources(spec), heapMaxBytes, () -> reparse(commandLine));
    }

    /** Where each value was written: the command line, the config file or the default. */
    private Map<String, SourcedValue> sources(CommandSpec spec) {
        return ServeOptionSources.collect(spec, ConfigFileDefaults.of(spec).entries(spec), config);
    }

    /** The setting options as they were written, each as --name=value, to be parsed again with the file re-read. */
    private static List<String> settingArguments(ParseResult parsed) {
        List<String> arguments = new ArrayList<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                for (String value : option.originalStringValues()) {
                    arguments.add(option.longestName() + "=" + value);
                }
            }
        }
        return arguments;
    }

    /** @throws UserError as a bad value at the start is reported */
    private static HangUpReload.LogLevelSetting reparse(List<String> arguments) {
        ServerOptions options = new ServerOptions();
        CommandLine commandLine =
                ServeConverters.register(new CommandLine(options)).setDefaultValueProvider(new ConfigFileDefaults());
        try {
            commandLine.parseArgs(arguments.toArray(String[]::new));
        } catch (ParameterException e) {
            throw new UserError(Objects.requireNonNullElse(OneLineErrors.describe(e), e.getMessage()));
        }
        CommandSpec spec = commandLine.getCommandSpec();
        return new HangUpReload.LogLevelSetting(
                options.logLevel, options.sources(spec).get(LOG_LEVEL).where());
    }
}
