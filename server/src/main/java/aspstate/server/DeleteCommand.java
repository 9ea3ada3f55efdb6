package aspstate.server;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code aspstate delete ID}: removes a session, as an abandon would. */
@Command(
        name = "delete",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Removes a session from a running server (its user starts a new one; the server logs who "
                + "did it).%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:deleted", "1:no such session", "2:bad option, server not reachable, or token refused"})
final class DeleteCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Mixin
    private SessionTarget target;

    @Override
    public Integer call() {
        AdminClient client = connection.client();
        SessionLookup.Found found = target.find(client);
        client.delete(found.path()).orElseThrow(found::gone);
        spec.commandLine().getOut().println("deleted " + found);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
