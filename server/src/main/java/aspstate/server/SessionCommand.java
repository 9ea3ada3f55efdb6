package aspstate.server;

import aspstate.core.stores.StoreId;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate session ID}: one session's metadata and its decoded items; data that is not in ASP.NET's session
 * format is said to be so plainly, and its first bytes are shown as a hex dump.
 */
@Command(
        name = "session",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Shows one session of a running server: size, expiry, lock, and its items decoded from "
                + "ASP.NET's session format; data in another format is shown as bytes (the first 256).%n",
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
        out.println(found.store().label() + " " + HumanText.clientText(found.id()));
        long size = session.get("sizeBytes").asLong();
        out.println("  size " + HumanText.bytes(size) + ", timeout "
                + session.get("timeoutMinutes").asInt() + " min, expires "
                + (session.has("expiresAt") ? session.get("expiresAt").asText() : "never"));
        out.println("  "
                + (session.get("locked").asBoolean()
                        ? "LOCKED for "
                                + HumanText.figure(session.get("lockAgeMillis").asLong() / 1000.0) + " s"
                        : "not locked")
                + ", lock cookie " + session.get("lockCookie").asInt()
                + (session.get("uninitialized").asBoolean() ? ", uninitialized (ActionFlags 1)" : "")
                + (session.path("compressed").asBoolean() ? ", compressed" : ""));
        if (session.hasNonNull("sessionId")) {
            out.println("  session id (ISession.Id) "
                    + HumanText.clientText(session.get("sessionId").asText()));
        }
        JsonNode items = session.path("items");
        if (size == 0) {
            out.println("  no data");
        } else if (!items.isEmpty()) {
            items(items).print(out);
        }
        if (session.has("decodeProblem") && size > 0) {
            String problem = HumanText.clientText(session.get("decodeProblem").asText());
            String format = found.store() == StoreId.CORE_CACHE_ENTRIES ? "ASP.NET Core's" : "ASP.NET's";
            out.println(
                    items.isEmpty()
                            ? "  not in " + format + " session format: " + problem
                            : "  the rest is not in " + format + " session format: " + problem);
            dump(session.path("head"), size, out);
        }
        out.flush();
        return 0;
    }

    private static TextTable items(JsonNode items) {
        TextTable table = new TextTable("  NAME", "TYPE", "SIZE", "VALUE");
        for (JsonNode item : items) {
            String name = item.get("name").isNull()
                    ? "(null key)"
                    : HumanText.clientText(item.get("name").asText());
            String objectType =
                    item.hasNonNull("objectType") ? item.get("objectType").asText() : null;
            String type = objectType == null
                    ? item.get("type").asText()
                    : item.get("type").asText() + " " + HumanText.clientText(objectType);
            table.row(
                    "  " + name,
                    type,
                    HumanText.bytes(item.get("sizeBytes").asLong()),
                    item.hasNonNull("value")
                            ? HumanText.clientText(item.get("value").asText())
                            : "");
        }
        return table;
    }

    /** The first bytes the API sent (base64 in its JSON), as a hex dump, and how many more there are. */
    private static void dump(JsonNode head, long size, PrintWriter out) {
        if (!head.isTextual()) {
            return;
        }
        byte[] bytes;
        try {
            bytes = head.binaryValue();
        } catch (IOException e) {
            throw new UserError("the admin listener sent a session's bytes that are not base64");
        }
        out.println(
                bytes.length == size
                        ? "  its " + HumanText.count(size) + " bytes:"
                        : "  its first " + HumanText.count(bytes.length) + " bytes of " + HumanText.count(size) + ":");
        for (String line : HumanText.hexDump(bytes)) {
            out.println("  " + line);
        }
    }
}
