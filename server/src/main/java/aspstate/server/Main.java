package aspstate.server;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar aspstate.jar}: the command line. Commands: {@code serve}, {@code hash-password},
 * {@code cluster-stop}, {@code journal verify|repair}, the admin commands against a running server ({@code stats}, {@code sessions},
 * {@code session}, {@code unlock}, {@code delete}), and {@code help [COMMAND]}.
 */
@Command(
        name = "aspstate",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Session-state server, a drop-in replacement for the ASP.NET State Service.%n",
        commandListHeading = "%nCommands:%n")
public final class Main implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    public static void main(String[] args) {
        long heapMaxBytes = Runtime.getRuntime().maxMemory();
        CommandLine commandLine = commandLine(new ServeUntilStopped(System.out, heapMaxBytes), heapMaxBytes, System.in);
        System.exit(commandLine.execute(args));
    }

    /**
     * The command line with its subcommands; {@code serve} hands its checked options to the launcher,
     * {@code hash-password} reads {@code stdin}.
     */
    static CommandLine commandLine(ServeLauncher launcher, long heapMaxBytes, InputStream stdin) {
        OneLineErrors errors = new OneLineErrors();
        CommandLine commandLine = new CommandLine(new Main())
                .addSubcommand(new CommandLine.HelpCommand())
                .addSubcommand(new ServeCommand(launcher, heapMaxBytes))
                .addSubcommand(new HashPasswordCommand(stdin, stdin == System.in ? System.console() : null))
                .addSubcommand(new ClusterStopCommand(heapMaxBytes, System.out))
                .addSubcommand(new JournalCommand())
                .addSubcommand(new StatsCommand())
                .addSubcommand(new SessionsCommand())
                .addSubcommand(new SessionCommand())
                .addSubcommand(new UnlockCommand())
                .addSubcommand(new DeleteCommand());
        return ServeConverters.register(commandLine)
                .setParameterExceptionHandler(errors)
                .setExecutionExceptionHandler(errors)
                .setOut(new PrintWriter(System.out, true))
                .setErr(new PrintWriter(System.err, true));
    }

    /** Without a command there is nothing to do. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "a command is needed, e.g. 'aspstate serve'");
    }
}
