package aspstate.server;

import aspstate.core.ByteSize;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code aspstate stats}: the server's INFO, from its admin listener's /api/stats. */
@Command(name = "stats", mixinStandardHelpOptions = true, versionProvider = Version.Provider.class,
        description = "Shows a running server's statistics: sessions and locks per store, memory, connections, "
                + "requests.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:shown", "2:bad option, server not reachable, or token refused"})
final class StatsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Mixin
    private JsonOutput json;

    @Override
    public Integer call() {
        JsonNode stats = connection.client().get("/api/stats")
                .orElseThrow(() -> new UserError("the admin listener has no /api/stats; is --admin right?"));
        PrintWriter out = spec.commandLine().getOut();
        if (json.printed(stats, out)) {
            return 0;
        }
        out.println("aspstate " + stats.get("version").asText() + ", up " + stats.get("uptimeSeconds").asLong()
                + " s, " + (stats.get("ready").asBoolean() ? "ready" : "NOT READY") + ", store "
                + stats.get("store").asText());
        long max = stats.get("memory").get("maxBytes").asLong();
        out.println("memory: " + ByteSize.format(stats.get("memory").get("usedBytes").asLong()) + " used of "
                + (max == 0 ? "unlimited" : ByteSize.format(max)));
        TextTable stores = new TextTable("STORE", "ACTIVE", "CREATED", "EXPIRED", "REMOVED", "LOCKED", "OLDEST-LOCK",
                "STORED");
        for (Iterator<Map.Entry<String, JsonNode>> it = stats.get("stores").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> store = it.next();
            JsonNode s = store.getValue();
            stores.row(store.getKey(), s.get("active").asLong(), s.get("created").asLong(), s.get("expired").asLong(),
                    s.get("removed").asLong(), s.has("locked") ? s.get("locked").asLong() : "-",
                    s.has("oldestLockSeconds") ? s.get("oldestLockSeconds").asDouble() + " s" : "-",
                    ByteSize.format(s.get("storedBytes").asLong()));
        }
        stores.print(out);
        for (Iterator<Map.Entry<String, JsonNode>> it = stats.get("connections").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> listener = it.next();
            out.println("connections " + listener.getKey() + ": " + listener.getValue().get("open").asInt()
                    + " open, refused " + listener.getValue().get("refused"));
        }
        JsonNode requests = stats.get("requests");
        long count = requests.get("count").asLong();
        out.printf("requests: %d since start, %.3f ms mean in the store%n", count,
                count == 0 ? 0.0 : requests.get("seconds").asDouble() * 1000 / count);
        if (stats.get("clusterMembers").size() > 0) {
            out.println("cluster members: " + stats.get("clusterMembers"));
        }
        out.flush();
        return 0;
    }
}
