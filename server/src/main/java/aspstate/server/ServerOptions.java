package aspstate.server;

import static aspstate.server.ServeCommand.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Every option of the server, with its default and help, shared by the commands that take the server's settings
 * ({@code serve}, and {@code cluster-stop}, so that both read the same config file). The fields only feed picocli's
 * parsing and help; the values are read back through {@link ServeOptionSources}, which also knows the config file,
 * and checked by {@link ServeOptionsParser}.
 */
@SuppressWarnings("unused") // picocli reads and writes the fields
final class ServerOptions {
    @Option(
            names = "--" + BIND,
            paramLabel = "ADDRESS",
            defaultValue = DEFAULT_BIND,
            description = "Address of both listeners (StateServer and TDS); 0.0.0.0 or :: listens on all. "
                    + "Default: ${DEFAULT-VALUE}")
    private String bind;

    @Option(
            names = "--" + STATESERVER_PORT,
            paramLabel = "PORT",
            defaultValue = DEFAULT_STATESERVER_PORT,
            description = "TCP port of the StateServer protocol; 0 picks a free port (the startup line shows "
                    + "it). Default: ${DEFAULT-VALUE}")
    private String stateServerPort;

    @Option(
            names = "--" + TDS_PORT,
            paramLabel = "PORT",
            defaultValue = DEFAULT_TDS_PORT,
            description = "TCP port of the TDS listener (ASP.NET's SQL Server mode); 0 picks a free port, off "
                    + "does not start it. Default: ${DEFAULT-VALUE}")
    private String tdsPort;

    // No defaultValue: an unset --tds-bind follows --bind, which ServeOptionsParser resolves.
    @Option(
            names = "--" + TDS_BIND,
            paramLabel = "ADDRESS",
            description = "Address of the TDS listener; loopback only unless --" + TDS_USER + " is given. "
                    + "Default: the --bind value")
    private String tdsBind;

    // An empty default, so that ServeOptionSources always has a text; help says "none", which reads better.
    @Option(
            names = "--" + TDS_USER,
            paramLabel = "NAME=HASH",
            split = ",",
            defaultValue = "",
            description = "A SQL login the TDS listener accepts; HASH is printed by 'aspstate hash-password'. "
                    + "Repeat the option or separate with commas (in --" + CONFIG + ": tds-user=NAME1=HASH1,"
                    + "NAME2=HASH2). Without any, every login is accepted and the TDS listener must be on "
                    + "loopback. Default: none")
    private List<String> tdsUsers;

    @Option(
            names = "--" + TDS_TLS,
            paramLabel = "self-signed|FILE.p12",
            defaultValue = NONE,
            description = "Certificate for TLS on the TDS listener: a PKCS12 file (with --" + TDS_TLS_PASSWORD
                    + "), or self-signed to generate one at start (clients must trust the server certificate). "
                    + "With none, clients must connect with encryption off. Default: ${DEFAULT-VALUE}")
    private String tdsTls;

    @Option(
            names = "--" + TDS_TLS_PASSWORD,
            paramLabel = "PASSWORD",
            defaultValue = "",
            description = "Password of the --" + TDS_TLS + " PKCS12 file. Default: none")
    private String tdsTlsPassword;

    @Option(
            names = "--" + TDS_FAILOVER_PARTNER,
            paramLabel = "HOST[,PORT]",
            defaultValue = "",
            description = "Another node's TDS listener, announced to SQL clients after login as SQL Server "
                    + "announces a mirroring partner, so that SqlClient's 'Failover Partner=HOST,PORT' in the "
                    + "connection string reaches that node when this one is down. Default: none")
    private String tdsFailoverPartner;

    @Option(
            names = "--" + ADMIN_PORT,
            paramLabel = "PORT",
            defaultValue = DEFAULT_ADMIN_PORT,
            description = "TCP port of the admin listener (dashboard, /metrics, /health, the session API); 0 picks "
                    + "a free port, off does not start it. Default: ${DEFAULT-VALUE}")
    private String adminPort;

    @Option(
            names = "--" + ADMIN_BIND,
            paramLabel = "ADDRESS",
            defaultValue = DEFAULT_BIND,
            description = "Address of the admin listener; loopback only unless --" + ADMIN_TOKEN + " is given. "
                    + "Default: ${DEFAULT-VALUE}")
    private String adminBind;

    @Option(
            names = "--" + ADMIN_TOKEN,
            paramLabel = "HASH",
            defaultValue = "",
            description = "Hash of the bearer token the admin listener requires (print it with 'aspstate "
                    + "hash-password' from the token); needed to bind it beyond loopback. Default: none")
    private String adminToken;

    @Option(
            names = "--" + ADMIN_MAX_CONNECTIONS,
            paramLabel = "N",
            defaultValue = DEFAULT_ADMIN_MAX_CONNECTIONS,
            description = "Connections the admin listener keeps open at once; beyond it the one furthest behind --"
                    + MIN_REQUEST_RATE + " is closed to make room, else the new one. Default: ${DEFAULT-VALUE}")
    private String adminMaxConnections;

    @Option(
            names = "--" + ADMIN_MAX_CONNECTIONS_PER_PEER,
            paramLabel = "N",
            defaultValue = DEFAULT_ADMIN_MAX_CONNECTIONS_PER_PEER,
            description = "Connections one client address keeps open on the admin listener at once, likewise. "
                    + "Default: ${DEFAULT-VALUE}")
    private String adminMaxConnectionsPerPeer;

    @Option(
            names = "--" + ADMIN_QUEUE,
            paramLabel = "N",
            defaultValue = DEFAULT_ADMIN_QUEUE,
            description = "Admin requests that visit the stores (listings, a session, stats, metrics) waiting for "
                    + "an admin thread at once, and token checks waiting for theirs; more are answered 503 with "
                    + "Retry-After. Default: ${DEFAULT-VALUE}")
    private String adminQueue;

    @Option(
            names = "--" + ADMIN_TOKEN_FAILURES,
            paramLabel = "N",
            defaultValue = DEFAULT_ADMIN_TOKEN_FAILURES,
            description = "Wrong admin tokens from one client address in a minute after which its tokens are "
                    + "refused without a check until the minute is over. Default: ${DEFAULT-VALUE}")
    private String adminTokenFailures;

    @Option(
            names = "--" + ALLOW,
            paramLabel = "CIDR",
            split = ",",
            defaultValue = DEFAULT_ALLOW,
            description = "Peers allowed to connect to the StateServer listener, as CIDR ranges or addresses; "
                    + "repeat the option or separate with commas. Given ranges REPLACE the default, so include "
                    + "127.0.0.0/8 (and ::1) to keep local access. Default: ${DEFAULT-VALUE}")
    private List<String> allow;

    @Option(
            names = "--" + IDLE_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_IDLE_TIMEOUT,
            description = "Close a connection idle this long: 500ms, 30s, 2m, 1h (a plain number is seconds); "
                    + "0 never closes. Default: ${DEFAULT-VALUE}")
    private String idleTimeout;

    @Option(
            names = "--" + MAX_BODY,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MAX_BODY,
            description = "Largest session data one request may store: bytes, or 64KiB, 64MiB, 1GiB. "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxBody;

    @Option(
            names = "--" + MAX_MEMORY,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MAX_MEMORY,
            description = "Memory for stored sessions; writes beyond it are refused. One budget shared by the "
                    + "StateServer and SQL Server mode stores. auto = half the JVM heap (-Xmx), 0 = unlimited. "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxMemory;

    // Empty defaults: help says "none", and ServeOptionsParser reads an empty text as "not set".
    @Option(
            names = "--" + DATA_DIR,
            paramLabel = "DIR",
            defaultValue = "",
            description = "Keep every store in files under DIR (created if missing), written before a request is "
                    + "answered, so a restart or a crash loses no session. Without it, sessions live in memory "
                    + "only. Default: none")
    private String dataDir;

    @Option(
            names = "--" + FSYNC,
            paramLabel = "always|everysec|off",
            defaultValue = DEFAULT_FSYNC,
            description = "With --" + DATA_DIR + ": always answers a write once it is on disk (a power cut loses "
                    + "nothing answered); everysec once the operating system has it, synced every second (a crash "
                    + "of the process loses nothing, a power cut at most about the last 2 s); off never syncs (for "
                    + "tests). Default: ${DEFAULT-VALUE}")
    private String fsync;

    @Option(
            names = "--" + JOURNAL_REWRITE_MIN_SIZE,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_JOURNAL_REWRITE_MIN_SIZE,
            description = "With --" + DATA_DIR + ": the journal is compacted (the live sessions rewritten into a "
                    + "new base, in the background) once what was written since the last base reaches both this "
                    + "size and --" + JOURNAL_REWRITE_GROWTH + " percent of that base. Default: ${DEFAULT-VALUE}")
    private String journalRewriteMinSize;

    @Option(
            names = "--" + JOURNAL_REWRITE_GROWTH,
            paramLabel = "PERCENT",
            defaultValue = DEFAULT_JOURNAL_REWRITE_GROWTH,
            description = "With --" + DATA_DIR + ": see --" + JOURNAL_REWRITE_MIN_SIZE + "; the journal then "
                    + "takes at most about (2 + PERCENT/100) times the live sessions plus --"
                    + JOURNAL_REWRITE_MIN_SIZE + " on disk. Default: ${DEFAULT-VALUE}")
    private String journalRewriteGrowth;

    @Option(
            names = "--" + CLUSTER_MEMBERS,
            paramLabel = "HOST:PORT",
            split = ",",
            defaultValue = "",
            description = "Run as one node of a cluster with these members (their --" + CLUSTER_BIND + " and --"
                    + CLUSTER_PORT + "; this node may be listed too): any node serves any session and losing "
                    + "fewer than --" + OWNERS + " nodes loses none. Repeat the option or separate with commas. "
                    + "Default: none (a single node)")
    private List<String> clusterMembers;

    // No defaultValue: an unset --cluster-bind follows --bind, which ServeOptionsParser resolves.
    @Option(
            names = "--" + CLUSTER_BIND,
            paramLabel = "ADDRESS",
            description = "Address of this node's cluster traffic; beyond loopback it needs --" + CLUSTER_SECRET
                    + ". Default: the --bind value")
    private String clusterBind;

    @Option(
            names = "--" + CLUSTER_PORT,
            paramLabel = "PORT",
            defaultValue = DEFAULT_CLUSTER_PORT,
            description = "TCP port of this node's cluster traffic. Default: ${DEFAULT-VALUE}")
    private String clusterPort;

    @Option(
            names = "--" + CLUSTER_NAME,
            paramLabel = "NAME",
            defaultValue = DEFAULT_CLUSTER_NAME,
            description =
                    "Name of the cluster; nodes join only a cluster of the same name. " + "Default: ${DEFAULT-VALUE}")
    private String clusterName;

    @Option(
            names = "--" + OWNERS,
            paramLabel = "N",
            defaultValue = DEFAULT_OWNERS,
            description = "Copies kept of every session, on different nodes, written before a request is "
                    + "answered: at least 2, at most the number of members. Default: ${DEFAULT-VALUE}")
    private String owners;

    @Option(
            names = "--" + CLUSTER_SECRET,
            paramLabel = "SECRET",
            defaultValue = "",
            description = "Shared secret of the cluster (at least " + ClusterTls.MIN_SECRET_LENGTH + " characters, "
                    + "the same on every node): cluster traffic is then mutual TLS and only nodes knowing the "
                    + "secret join. Required when --" + CLUSTER_BIND + " is not a loopback address. Put it in the "
                    + "--" + CONFIG + " file, where 'ps' does not show it. Default: none")
    private String clusterSecret;

    @Option(
            names = "--" + CLUSTER_JOIN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_CLUSTER_JOIN_TIMEOUT,
            description = "How long a starting node waits for a majority of the cluster's members before it gives "
                    + "up; it serves nothing until then. Default: ${DEFAULT-VALUE}")
    private String clusterJoinTimeout;

    @Option(
            names = "--" + CLUSTER_MAX_CONNECTIONS,
            paramLabel = "N",
            defaultValue = DEFAULT_CLUSTER_MAX_CONNECTIONS,
            description = "Connections the cluster port accepts at once (each costs a thread); more are closed as "
                    + "they arrive. Default: ${DEFAULT-VALUE}")
    private String clusterMaxConnections;

    @Option(
            names = "--" + CLUSTER_MAX_CONNECTIONS_PER_PEER,
            paramLabel = "N",
            defaultValue = DEFAULT_CLUSTER_MAX_CONNECTIONS_PER_PEER,
            description = "Connections the cluster port accepts at once from one address (nodes on one machine "
                    + "share theirs); more are closed as they arrive. Default: ${DEFAULT-VALUE}")
    private String clusterMaxConnectionsPerPeer;

    @Option(
            names = "--" + CLUSTER_HANDSHAKE_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_CLUSTER_HANDSHAKE_TIMEOUT,
            description = "A connection to the cluster port must finish its TLS handshake within this long, and "
                    + "send each part of its node address within it, or it is closed (1ms..1m). "
                    + "Default: ${DEFAULT-VALUE}")
    private String clusterHandshakeTimeout;

    @Option(
            names = "--" + MAX_CONNECTIONS,
            paramLabel = "N",
            defaultValue = DEFAULT_MAX_CONNECTIONS,
            description = "Connections the StateServer and the TDS listener each keep open at once; beyond it the "
                    + "one furthest behind --" + MIN_REQUEST_RATE + " is closed to make room, else the new one. "
                    + "Lowered to what the process's open-file limit allows (a warning says so). "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxConnections;

    @Option(
            names = "--" + MAX_CONNECTIONS_PER_PEER,
            paramLabel = "N",
            defaultValue = DEFAULT_MAX_CONNECTIONS_PER_PEER,
            description = "Connections one client address keeps open on each of those listeners at once, likewise. "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxConnectionsPerPeer;

    @Option(
            names = "--" + REQUEST_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_REQUEST_TIMEOUT,
            description = "A request must arrive whole within this long of its first byte, or its connection is "
                    + "closed (every listener, admin included). Default: ${DEFAULT-VALUE}")
    private String requestTimeout;

    @Option(
            names = "--" + MAX_UNSENT,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MAX_UNSENT,
            description = "Answers a client has not taken yet, per connection, above which its next requests wait "
                    + "and nothing more is read from it (every listener). Default: ${DEFAULT-VALUE}")
    private String maxUnsent;

    @Option(
            names = "--" + MAX_INBOUND,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MAX_INBOUND,
            description = "Memory all connections together may hold for requests still arriving (large bodies "
                    + "sent slowly), taken from --" + MAX_MEMORY + " while held; a request that does not fit closes "
                    + "its connection. auto = a quarter of --" + MAX_MEMORY + " (a quarter of the heap when that "
                    + "is 0). Default: ${DEFAULT-VALUE}")
    private String maxInbound;

    @Option(
            names = "--" + MIN_REQUEST_RATE,
            paramLabel = "SIZE",
            defaultValue = DEFAULT_MIN_REQUEST_RATE,
            description = "Bytes a second a request must arrive at, at least: when a listener reaches --"
                    + MAX_CONNECTIONS + " or --" + MAX_CONNECTIONS_PER_PEER + ", the connection furthest behind "
                    + "this rate (a client trickling its request, or connected and silent, for over a second) is "
                    + "closed to make room for the new one; 0 closes the new one instead. Default: ${DEFAULT-VALUE}")
    private String minRequestRate;

    @Option(
            names = "--" + TDS_LOGIN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_TDS_LOGIN_TIMEOUT,
            description = "A TDS connection not logged in this long after it opened is closed. "
                    + "Default: ${DEFAULT-VALUE}")
    private String tdsLoginTimeout;

    @Option(
            names = "--" + TDS_LOGIN_QUEUE,
            paramLabel = "N",
            defaultValue = DEFAULT_TDS_LOGIN_QUEUE,
            description = "TDS logins waiting for their password check at once (with --" + TDS_USER + "); more are "
                    + "refused at once, as is a fifth from one client address. Default: ${DEFAULT-VALUE}")
    private String tdsLoginQueue;

    @Option(
            names = "--" + TDS_LOGIN_FAILURES,
            paramLabel = "N",
            defaultValue = DEFAULT_TDS_LOGIN_FAILURES,
            description = "Failed TDS logins from one client address in a minute after which its logins are "
                    + "refused without a check until the minute is over. Default: ${DEFAULT-VALUE}")
    private String tdsLoginFailures;

    @Option(
            names = "--" + SHUTDOWN_TIMEOUT,
            paramLabel = "DURATION",
            defaultValue = DEFAULT_SHUTDOWN_TIMEOUT,
            description = "Longest a stop (Ctrl-C, SIGTERM) may take; past it the process is halted with status 1. "
                    + "Default: ${DEFAULT-VALUE}")
    private String shutdownTimeout;

    @Option(
            names = "--" + TRANSPORT,
            paramLabel = "auto|io_uring|epoll|nio",
            defaultValue = AUTO,
            description = "How connections reach the kernel: io_uring (fewest system calls per request), epoll, or "
                    + "Java's portable nio. auto takes io_uring where the kernel allows it (the "
                    + "kernel.io_uring_disabled sysctl and container seccomp profiles often do not), else epoll. "
                    + "Default: ${DEFAULT-VALUE}")
    private String transport;

    @Option(
            names = "--" + VERSION_HEADER,
            paramLabel = "VERSION",
            defaultValue = DEFAULT_VERSION_HEADER,
            description = "X-AspNet-Version sent in every response. Default: ${DEFAULT-VALUE}")
    private String versionHeader;

    @Option(
            names = "--" + LOG_LEVEL,
            paramLabel = "LEVEL",
            defaultValue = DEFAULT_LOG_LEVEL,
            description = "One of " + LogLevel.CHOICES + ". Default: ${DEFAULT-VALUE}")
    private String logLevel;

    @Option(
            names = "--" + LOG_FORMAT,
            paramLabel = "FORMAT",
            defaultValue = DEFAULT_LOG_FORMAT,
            description = "Log lines on stderr as text, or as one JSON object each for a log collector ("
                    + LogFormat.CHOICES + "). Default: ${DEFAULT-VALUE}")
    private String logFormat;

    @Option(
            names = "--" + CONFIG,
            paramLabel = "FILE",
            description = "Properties file setting any of the options above, keyed by the option name "
                    + "without dashes, e.g. max-memory=2GiB; options on the command line override it. "
                    + "Default: none")
    private Path config;

    /** The checked settings: the command line, else the config file, else the defaults. */
    ServeOptions parse(CommandSpec spec, long heapMaxBytes) {
        Map<String, String> fileEntries = config == null
                ? Map.of()
                : ConfigFile.load(config, ServeOptionSources.keys(spec), ServeOptionSources.repeatableKeys(spec));
        Map<String, SourcedValue> values = ServeOptionSources.collect(spec, fileEntries, config);
        // SIGHUP reads the file again; the command line stays as it was parsed.
        Supplier<Map<String, SourcedValue>> reread = () -> ServeOptionSources.collect(
                spec,
                config == null
                        ? Map.of()
                        : ConfigFile.load(
                                config, ServeOptionSources.keys(spec), ServeOptionSources.repeatableKeys(spec)),
                config);
        return ServeOptionsParser.parse(values, heapMaxBytes).withReread(reread);
    }
}
