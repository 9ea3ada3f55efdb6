package aspstate.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code aspstate unlock ID}: releases a stuck session lock. */
@Command(name = "unlock", mixinStandardHelpOptions = true, versionProvider = Version.Provider.class,
        description = "Releases a session's lock, whoever holds it, as the holder's own release would (the "
                + "server logs who did it).%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:unlocked, or was not locked", "1:no such session",
            "2:bad option, server not reachable, or token refused"})
final class UnlockCommand implements Callable<Integer> {
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
        JsonNode result = client.post(AdminClient.sessionPath(found.store(), id) + "/unlock")
                .orElseThrow(() -> new SessionLookup.NotFound("no session " + id + " in " + found.store()));
        String outcome = result.get("result").asText();
        spec.commandLine().getOut().println((outcome.equals("unlocked") ? "unlocked " : "was not locked: ")
                + found.store() + " " + id);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
