package aspstate.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * tedious, the Node.js SQL Server driver, run as a subprocess (tedious-client.js): the requests go in order over
 * one connection, and each gets one reply, {@code {"outputs": {...}, "rows": [...]}} or
 * {@code {"error": {"number": n, "message": "..."}}}, binary values as hex.
 */
final class TediousClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private TediousClient() {}

    static List<JsonNode> run(int port, TediousRequest... requests) throws IOException, InterruptedException {
        String stdin = List.of(requests).stream()
                .map(request -> request.json().toString())
                .collect(Collectors.joining("\n", "", "\n"));
        List<String> command = List.of(
                InteropClients.node().toString(),
                InteropClients.tediousScript().toString(),
                "127.0.0.1",
                String.valueOf(port));
        BoundedProcess.Result result = BoundedProcess.run(command, Map.of(), stdin, LIMIT);
        if (result.exitCode() != 0 || result.stdout().size() != requests.length) {
            throw new AssertionError("tedious-client.js exited with " + result.exitCode() + " after "
                    + result.stdout().size() + " of " + requests.length + " replies: " + result.stdout()
                    + "\nstderr: " + result.stderr());
        }
        List<JsonNode> replies = new ArrayList<>();
        for (String line : result.stdout()) {
            replies.add(parse(line));
        }
        return replies;
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON reply: " + line, e);
        }
    }
}
