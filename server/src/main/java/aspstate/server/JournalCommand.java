package aspstate.server;

import aspstate.store.journal.DataDirectoryException;
import aspstate.store.journal.JournalCheck;
import aspstate.store.journal.JournalFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code aspstate journal verify|repair DIR}: the journal of a {@code --data-dir}, checked and repaired. */
@Command(
        name = "journal",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Checks (verify) or repairs (repair) the journal in a --data-dir.%n",
        subcommands = {JournalCommand.Verify.class, JournalCommand.Repair.class})
final class JournalCommand implements Callable<Integer> {
    /** The journals a --data-dir may hold: a single node's, or a cluster node's. */
    private static final List<JournalFormat> FORMATS = List.of(JournalFormat.SINGLE_NODE);

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(),
                "journal: say verify or repair, e.g. 'aspstate journal " + "verify /var/lib/aspstate'");
    }

    @Command(
            name = "verify",
            mixinStandardHelpOptions = true,
            versionProvider = Version.Provider.class,
            description = "Reads the journal in DIR and says what it holds and what is damaged, file and offset; "
                    + "changes nothing (a server may run on DIR meanwhile).%n"
                    + "Example: aspstate journal verify /var/lib/aspstate%n",
            exitCodeListHeading = "%nExit codes:%n",
            exitCodeList = {
                "0:sound (a server starts on it)",
                "1:damaged (the start stops; see repair)",
                "2:DIR cannot be read"
            })
    static final class Verify implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "the --data-dir")
        private Path directory;

        @Override
        public Integer call() {
            JournalCheck.Report report = check(() -> JournalCheck.verify(readable(directory), FORMATS), directory);
            print(spec, report);
            return report.damaged() ? 1 : 0;
        }
    }

    @Command(
            name = "repair",
            mixinStandardHelpOptions = true,
            versionProvider = Version.Provider.class,
            description = "Writes every record of the journal in DIR that checks out into a new base, and moves the "
                    + "files it replaces into DIR/before-repair-TIME (nothing is deleted). Stop the server first.%n"
                    + "Example: aspstate journal repair /var/lib/aspstate%n",
            exitCodeListHeading = "%nExit codes:%n",
            exitCodeList = {"0:repaired, or nothing to repair", "2:DIR cannot be used (or a server runs on it)"})
    static final class Repair implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "the --data-dir")
        private Path directory;

        @Override
        public Integer call() {
            print(spec, check(() -> JournalCheck.repair(readable(directory), FORMATS), directory));
            return 0;
        }
    }

    /** What a check does, reading the directory. */
    private interface Check {
        JournalCheck.Report run() throws IOException;
    }

    private static JournalCheck.Report check(Check check, Path directory) {
        try {
            return check.run();
        } catch (IOException e) {
            throw new UserError("journal: cannot use " + directory + ": " + e.getMessage());
        } catch (DataDirectoryException e) {
            throw new UserError("journal: " + e.getMessage());
        }
    }

    private static Path readable(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new UserError("journal: " + directory + " is not a directory");
        }
        return directory;
    }

    private static void print(CommandSpec spec, JournalCheck.Report report) {
        PrintWriter out = spec.commandLine().getOut();
        report.lines().forEach(out::println);
        out.flush();
    }
}
