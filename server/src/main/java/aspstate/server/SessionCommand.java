package aspstate.server;

import aspstate.core.ByteSize;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code aspstate session ID}: one session's metadata and its decoded items. */
@Command(name = "session", mixinStandardHelpOptions = true, versionProvider = Version.Provider.class,
        description = "Shows one session of a running server: size, expiry, lock, and its items decoded from "
                + "ASP.NET's session format.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:shown", "1:no such session", "2:bad option, server not reachable, or token refused"})
final class SessionCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Mixin
    private SessionTarget target;

    @Mixin
    private JsonOutput json;

    @Override
    public Integer call() {
        SessionLookup.Found found = target.find(connection.client());
        JsonNode session = found.details();
        PrintWriter out = spec.commandLine().getOut();
        if (json.printed(session, out)) {
            return 0;
        }
        out.println(found);
        out.println("  size " + ByteSize.format(session.get("sizeBytes").asLong()) + ", timeout "
                + session.get("timeoutMinutes").asInt() + " min, expires "
                + (session.has("expiresAt") ? session.get("expiresAt").asText() : "never"));
        out.println("  " + (session.get("locked").asBoolean()
                ? "LOCKED for " + session.get("lockAgeMillis").asLong() / 1000.0 + " s" : "not locked")
                + ", lock cookie " + session.get("lockCookie").asInt()
                + (session.get("uninitialized").asBoolean() ? ", uninitialized (ActionFlags 1)" : "")
                + (session.path("compressed").asBoolean() ? ", compressed" : ""));
        if (session.has("decodeProblem")) {
            out.println("  not fully decoded: " + session.get("decodeProblem").asText());
        }
        TextTable items = new TextTable("  NAME", "TYPE", "SIZE", "VALUE");
        for (JsonNode item : session.path("items")) {
            items.row("  " + (item.get("name").isNull() ? "(null key)" : item.get("name").asText()),
                    item.get("type").asText() + (item.hasNonNull("objectType") ? " " + item.get("objectType").asText()
                            : ""), ByteSize.format(item.get("sizeBytes").asLong()),
                    item.hasNonNull("value") ? item.get("value").asText() : "");
        }
        items.print(out);
        return 0;
    }
}
