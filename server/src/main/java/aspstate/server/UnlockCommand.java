package aspstate.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code aspstate unlock ID}: releases a stuck session lock. */
@Command(
        name = "unlock",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Releases a session's lock, whoever holds it, as the holder's own release would (the "
                + "server logs who did it).%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:unlocked, or was not locked",
            "1:no such session",
            "2:bad option, server not reachable, or token refused"
        })
final class UnlockCommand implements Callable<Integer> {
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
        JsonNode result = client.post(found.path() + "/unlock").orElseThrow(found::gone);
        String outcome = result.get("result").asText();
        spec.commandLine().getOut().println((outcome.equals("unlocked") ? "unlocked " : "was not locked: ") + found);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
