package aspstate.server;

import aspstate.core.stores.StoreId;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code aspstate sessions}: lists a running server's sessions, e.g. the locked ones, oldest lock first. */
@Command(
        name = "sessions",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Lists a running server's sessions (its admin API's /api/sessions).%n"
                + "Example: aspstate sessions --locked   (stuck locks first)%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:listed", "2:bad option, server not reachable, or token refused"})
final class SessionsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Option(names = "--locked", description = "Only locked sessions, oldest lock first (unless --sort says else).")
    private boolean locked;

    @Option(names = "--prefix", paramLabel = "P", description = "Only sessions whose id starts with P.")
    private String prefix;

    @Mixin
    private StoreOption store;

    @Option(
            names = "--sort",
            paramLabel = "ORDER",
            description = "lock-age, size, expiry or id. Default: id, or " + "lock-age with --locked")
    private String sort;

    @Option(
            names = "--limit",
            paramLabel = "N",
            defaultValue = "50",
            description = "At most N (1..1000). " + "Default: ${DEFAULT-VALUE}")
    private int limit;

    @Option(names = "--cursor", paramLabel = "C", description = "Where the previous listing said to go on.")
    private String cursor;

    @Mixin
    private JsonOutput json;

    @Override
    public Integer call() {
        List<String> query = new ArrayList<>(List.of("limit=" + limit));
        if (locked) {
            query.add("locked=true");
        }
        addIfSet(query, "prefix", prefix);
        addIfSet(query, "store", store.store().map(StoreId::label).orElse(null));
        addIfSet(query, "sort", sort);
        addIfSet(query, "cursor", cursor);
        JsonNode page = connection
                .client()
                .get("/api/sessions?" + String.join("&", query))
                .orElseThrow(() -> new UserError("the admin listener has no /api/sessions; is --admin right?"));
        PrintWriter out = spec.commandLine().getOut();
        if (json.printed(page, out)) {
            return 0;
        }
        TextTable table = new TextTable("STORE", "ID", "SIZE", "EXPIRES", "LOCK-AGE", "COOKIE");
        for (JsonNode session : page.get("sessions")) {
            table.row(
                    session.get("store").asText(),
                    HumanText.clientText(session.get("id").asText()),
                    HumanText.bytes(session.get("sizeBytes").asLong()),
                    session.has("expiresAt") ? session.get("expiresAt").asText() : "never",
                    session.get("locked").asBoolean()
                            ? HumanText.figure(session.get("lockAgeMillis").asLong() / 1000.0) + " s"
                            : "-",
                    session.get("lockCookie").asInt());
        }
        table.print(out);
        out.println(page.get("sessions").size() + " of "
                + HumanText.count(page.get("matched").asLong())
                + " matching sessions"
                + (page.has("nextCursor")
                        ? "; more with --cursor " + page.get("nextCursor").asText()
                        : ""));
        out.flush();
        return 0;
    }

    private static void addIfSet(List<String> query, String name, String value) {
        if (value != null) {
            query.add(name + "=" + AdminClient.encode(value));
        }
    }
}
