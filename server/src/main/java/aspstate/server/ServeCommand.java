package aspstate.server;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate serve}: runs the server with its options ({@link ServerOptions}) until it is stopped.
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
            "1:unexpected failure (see the log), or a stop longer than --" + ServerOptions.SHUTDOWN_TIMEOUT,
            "2:bad option or value, unreadable config file, a port cannot be listened on, the data directory is in "
                    + "use or unusable, or the cluster cannot be joined (no majority, or not every node back after "
                    + "cluster-stop, within --" + ServerOptions.CLUSTER_JOIN_TIMEOUT + ")",
            "70:fatal error such as out of memory (see the log); a supervisor should restart the server"
        })
final class ServeCommand implements Callable<Integer> {
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
