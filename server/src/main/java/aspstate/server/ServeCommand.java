package aspstate.server;

import aspstate.stateserver.StateServerSettings;
import aspstate.tds.TdsSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate serve}: the options, their defaults and help. The option fields only feed picocli's parsing
 * and help; the values are read back through {@link ServeOptionSources}, which also knows the config file, and
 * checked by {@link ServeOptionsParser}.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.Provider.class,
        sortOptions = false,
        description = "Runs the session-state server until Ctrl-C or SIGTERM, then stops cleanly.%n"
                + "Prints one line to stdout when ready; logs go to stderr.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped by Ctrl-C or SIGTERM (or help/version shown)",
            "1:unexpected failure (see the log)",
            "2:bad option or value, unreadable config file, or a port cannot be listened on"})
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
    static final String VERSION_HEADER = "version-header";
    static final String LOG_LEVEL = "log-level";
    static final String CONFIG = "config";

    static final String DEFAULT_BIND = "127.0.0.1";
    static final String DEFAULT_STATESERVER_PORT = "" + StateServerSettings.DEFAULT_PORT;
    static final String DEFAULT_TDS_PORT = "" + TdsSettings.DEFAULT_PORT;
    static final String OFF = "off";
    static final String NONE = "none";
    static final String SELF_SIGNED = "self-signed";
    static final String DEFAULT_ALLOW = "127.0.0.0/8,::1";
    static final String DEFAULT_IDLE_TIMEOUT = "30s";
    static final String DEFAULT_MAX_BODY = "64MiB";
    static final String AUTO = "auto";
    static final String DEFAULT_MAX_MEMORY = AUTO;
    static final String DEFAULT_VERSION_HEADER = StateServerSettings.DEFAULT_ASPNET_VERSION;
    static final String DEFAULT_LOG_LEVEL = "info";

    @Spec
    private CommandSpec spec;

    @Option(names = "--" + BIND, paramLabel = "ADDRESS", defaultValue = DEFAULT_BIND,
            description = "Address of both listeners (StateServer and TDS); 0.0.0.0 or :: listens on all. "
                    + "Default: ${DEFAULT-VALUE}")
    private String bind;

    @Option(names = "--" + STATESERVER_PORT, paramLabel = "PORT", defaultValue = DEFAULT_STATESERVER_PORT,
            description = "TCP port of the StateServer protocol; 0 picks a free port (the startup line shows "
                    + "it). Default: ${DEFAULT-VALUE}")
    private String stateServerPort;

    @Option(names = "--" + TDS_PORT, paramLabel = "PORT", defaultValue = DEFAULT_TDS_PORT,
            description = "TCP port of the TDS listener (ASP.NET's SQL Server mode); 0 picks a free port, off "
                    + "does not start it. Default: ${DEFAULT-VALUE}")
    private String tdsPort;

    // No defaultValue: an unset --tds-bind follows --bind, which ServeOptionsParser resolves.
    @Option(names = "--" + TDS_BIND, paramLabel = "ADDRESS",
            description = "Address of the TDS listener; loopback only unless --" + TDS_USER + " is given. "
                    + "Default: the --bind value")
    private String tdsBind;

    // An empty default, so that ServeOptionSources always has a text; help says "none", which reads better.
    @Option(names = "--" + TDS_USER, paramLabel = "NAME=HASH", split = ",", defaultValue = "",
            description = "A SQL login the TDS listener accepts; HASH is printed by 'aspstate hash-password'. "
                    + "Repeat the option or separate with commas (in --" + CONFIG + ": tds-user=NAME1=HASH1,"
                    + "NAME2=HASH2). Without any, every login is accepted and the TDS listener must be on "
                    + "loopback. Default: none")
    private List<String> tdsUsers;

    @Option(names = "--" + TDS_TLS, paramLabel = "self-signed|FILE.p12", defaultValue = NONE,
            description = "Certificate for TLS on the TDS listener: a PKCS12 file (with --" + TDS_TLS_PASSWORD
                    + "), or self-signed to generate one at start (clients must trust the server certificate). "
                    + "With none, clients must connect with encryption off. Default: ${DEFAULT-VALUE}")
    private String tdsTls;

    @Option(names = "--" + TDS_TLS_PASSWORD, paramLabel = "PASSWORD", defaultValue = "",
            description = "Password of the --" + TDS_TLS + " PKCS12 file. Default: none")
    private String tdsTlsPassword;

    @Option(names = "--" + ALLOW, paramLabel = "CIDR", split = ",", defaultValue = DEFAULT_ALLOW,
            description = "Peers allowed to connect to the StateServer listener, as CIDR ranges or addresses; "
                    + "repeat the option or separate with commas. Given ranges REPLACE the default, so include "
                    + "127.0.0.0/8 (and ::1) to keep local access. Default: ${DEFAULT-VALUE}")
    private List<String> allow;

    @Option(names = "--" + IDLE_TIMEOUT, paramLabel = "DURATION", defaultValue = DEFAULT_IDLE_TIMEOUT,
            description = "Close a connection idle this long: 500ms, 30s, 2m, 1h (a plain number is seconds); "
                    + "0 never closes. Default: ${DEFAULT-VALUE}")
    private String idleTimeout;

    @Option(names = "--" + MAX_BODY, paramLabel = "SIZE", defaultValue = DEFAULT_MAX_BODY,
            description = "Largest session data one request may store: bytes, or 64KiB, 64MiB, 1GiB. "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxBody;

    @Option(names = "--" + MAX_MEMORY, paramLabel = "SIZE", defaultValue = DEFAULT_MAX_MEMORY,
            description = "Memory for stored sessions; writes beyond it are refused. One budget shared by the "
                    + "StateServer and SQL Server mode stores. auto = half the JVM heap (-Xmx), 0 = unlimited. "
                    + "Default: ${DEFAULT-VALUE}")
    private String maxMemory;

    @Option(names = "--" + VERSION_HEADER, paramLabel = "VERSION", defaultValue = DEFAULT_VERSION_HEADER,
            description = "X-AspNet-Version sent in every response. Default: ${DEFAULT-VALUE}")
    private String versionHeader;

    @Option(names = "--" + LOG_LEVEL, paramLabel = "LEVEL", defaultValue = DEFAULT_LOG_LEVEL,
            description = "One of " + LogLevel.CHOICES + ". Default: ${DEFAULT-VALUE}")
    private String logLevel;

    @Option(names = "--" + CONFIG, paramLabel = "FILE",
            description = "Properties file setting any of the options above, keyed by the option name "
                    + "without dashes, e.g. stateserver-port=42425; options on the command line override it. "
                    + "Default: none")
    private Path config;

    private final ServeLauncher launcher;
    private final long heapMaxBytes;

    ServeCommand(ServeLauncher launcher, long heapMaxBytes) {
        this.launcher = launcher;
        this.heapMaxBytes = heapMaxBytes;
    }

    @Override
    public Integer call() {
        Map<String, String> fileEntries =
                config == null ? Map.of() : ConfigFile.load(config, ServeOptionSources.keys(spec));
        Map<String, SourcedValue> values = ServeOptionSources.collect(spec, fileEntries, config);
        ServeOptions options = ServeOptionsParser.parse(values, heapMaxBytes);
        return launcher.serve(options);
    }
}
