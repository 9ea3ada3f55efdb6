package aspstate.server;

import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code aspstate delete ID}: removes a session, as an abandon would. */
@Command(name = "delete", mixinStandardHelpOptions = true, versionProvider = Version.Provider.class,
        description = "Removes a session from a running server (its user starts a new one; the server logs who "
                + "did it).%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:deleted", "1:no such session", "2:bad option, server not reachable, or token refused"})
final class DeleteCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Parameters(paramLabel = "ID", description = "The session's id as the store keeps it (as 'sessions' lists it).")
    private String id;

    @Option(names = "--store", paramLabel = "STORE", description = "stateserver, sqlstate or spstate. Default: "
            + "the first that holds ID")
    private String store;

    @Override
    public Integer call() {
        AdminClient client = connection.client();
        SessionLookup.Found found = SessionLookup.find(client, Optional.ofNullable(store), id);
        client.delete(AdminClient.sessionPath(found.store(), id))
                .orElseThrow(() -> new SessionLookup.NotFound("no session " + id + " in " + found.store()));
        spec.commandLine().getOut().println("deleted " + found.store() + " " + id);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
