package aspstate.bench;

import aspstate.cli.Converters;
import aspstate.cli.RefusedValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of aspstate-bench.jar. */
@Command(
        name = "aspstate-bench",
        mixinStandardHelpOptions = true,
        description = "Load generator and benchmarks for aspstate and the systems it replaces.",
        subcommands = {
            RunCommand.class,
            JmhCommand.class,
            FieldCommand.class,
            ChartCommand.class,
            aspstate.bench.journal.JournalEnginesCommand.class,
            aspstate.bench.journal.JournalRestoreCommand.class,
            aspstate.bench.journal.DiskSyncsCommand.class,
            CommandLine.HelpCommand.class
        })
public final class BenchMain {

    /** Netty's leak detector, which records a stack trace for one buffer in 128, in every client alike. */
    private static final String LEAK_DETECTION = "io.netty.leakDetection.level";

    public static void main(String[] args) {
        // A load generator measures servers: its clients' own bookkeeping is cost it adds to every system alike.
        // The tests, which do not start here, keep the detector.
        if (System.getProperty(LEAK_DETECTION) == null) {
            System.setProperty(LEAK_DETECTION, "disabled");
        }
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line with its subcommands, durations written as the server's options write them; a bad option is
     * one line on stderr and exit code 2.
     */
    static CommandLine commandLine() {
        CommandLine commandLine = Converters.register(new CommandLine(new BenchMain()));
        commandLine.setParameterExceptionHandler((ex, arguments) -> {
            String refused = RefusedValue.describe(ex);
            ex.getCommandLine().getErr().println("aspstate-bench: " + (refused != null ? refused : ex.getMessage()));
            return 2;
        });
        return commandLine;
    }
}
