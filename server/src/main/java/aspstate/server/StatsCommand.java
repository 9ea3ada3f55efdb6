package aspstate.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code aspstate stats}: the server's INFO, from its admin listener's /api/stats, for people (or as JSON). */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Shows a running server's statistics: sessions and locks per store, memory, connections, "
                + "requests.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:shown", "2:bad option, server not reachable, or token refused"})
final class StatsCommand implements Callable<Integer> {
    /** What each reason for refusing a connection means, in the words of the option that decides it. */
    private static final Map<String, String> REFUSALS = Map.of(
            "not_allowed", "not in --allow",
            "max_connections", "over --max-connections",
            "max_connections_per_peer", "over --max-connections-per-peer");

    @Spec
    private CommandSpec spec;

    @Mixin
    private AdminConnection connection;

    @Mixin
    private JsonOutput json;

    @Override
    public Integer call() {
        JsonNode stats = connection
                .client()
                .get("/api/stats")
                .orElseThrow(() -> new UserError("the admin listener has no /api/stats; is --admin right?"));
        PrintWriter out = spec.commandLine().getOut();
        if (json.printed(stats, out)) {
            return 0;
        }
        out.println("aspstate " + stats.get("version").asText() + ": "
                + (stats.get("ready").asBoolean() ? "ready" : "NOT READY (see /health/ready)") + ", up "
                + HumanText.duration(stats.get("uptimeSeconds").asLong()));
        out.println("store:       " + stats.get("store").asText());
        out.println("memory:      " + memory(stats.get("memory")) + jvm(stats.path("jvm")));
        JsonNode requests = stats.get("requests");
        long count = requests.get("count").asLong();
        out.println("requests:    " + HumanText.count(count) + " since start, "
                + (count == 0
                        ? "none yet"
                        : HumanText.millis(requests.get("seconds").asDouble() * 1000 / count) + " mean in the store"));
        List<String> members = new ArrayList<>();
        stats.path("clusterMembers").forEach(member -> members.add(member.asText()));
        if (!members.isEmpty()) {
            out.println("cluster:     " + members.size() + " members: " + String.join(", ", members));
        }
        out.println();
        stores(stats.get("stores")).print(out);
        out.println();
        connections(stats.get("connections")).print(out);
        out.flush();
        return 0;
    }

    private static String memory(JsonNode memory) {
        long used = memory.get("usedBytes").asLong();
        long max = memory.get("maxBytes").asLong();
        return HumanText.bytes(used) + " of "
                + (max == 0
                        ? "unlimited (--max-memory 0)"
                        : HumanText.bytes(max) + " (" + HumanText.percent(used, max) + ")")
                + " held by sessions";
    }

    private static String jvm(JsonNode jvm) {
        if (jvm.isMissingNode()) {
            return "";
        }
        return "; heap " + HumanText.bytes(jvm.get("heapUsedBytes").asLong()) + " of "
                + HumanText.bytes(jvm.get("heapMaxBytes").asLong()) + ", "
                + jvm.get("availableProcessors").asInt() + " processors";
    }

    private static TextTable stores(JsonNode stores) {
        TextTable table =
                new TextTable("STORE", "SESSIONS", "CREATED", "EXPIRED", "REMOVED", "LOCKED", "OLDEST LOCK", "STORED");
        for (Iterator<Map.Entry<String, JsonNode>> it = stores.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> store = it.next();
            JsonNode s = store.getValue();
            boolean locks = s.has("locked");
            table.row(
                    store.getKey(),
                    HumanText.count(s.get("active").asLong()),
                    HumanText.count(s.get("created").asLong()),
                    HumanText.count(s.get("expired").asLong()),
                    HumanText.count(s.get("removed").asLong()),
                    locks ? HumanText.count(s.get("locked").asLong()) : "-",
                    !locks
                            ? "-"
                            : s.get("locked").asLong() == 0
                                    ? "none"
                                    : HumanText.figure(
                                                    s.get("oldestLockSeconds").asDouble()) + " s",
                    HumanText.bytes(s.get("storedBytes").asLong()));
        }
        return table;
    }

    private static TextTable connections(JsonNode listeners) {
        TextTable table = new TextTable("LISTENER", "OPEN", "REFUSED SINCE START");
        for (Iterator<Map.Entry<String, JsonNode>> it = listeners.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> listener = it.next();
            List<String> refused = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> reasons =
                            listener.getValue().get("refused").fields();
                    reasons.hasNext(); ) {
                Map.Entry<String, JsonNode> reason = reasons.next();
                if (reason.getValue().asLong() > 0) {
                    refused.add(HumanText.count(reason.getValue().asLong()) + " "
                            + REFUSALS.getOrDefault(
                                    reason.getKey(), reason.getKey().replace('_', ' ')));
                }
            }
            table.row(
                    listener.getKey(),
                    HumanText.count(listener.getValue().get("open").asLong()),
                    refused.isEmpty() ? "none" : String.join(", ", refused));
        }
        return table;
    }
}
