package aspstate.server;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * FreeTDS's tsql run as a subprocess against a local server, fed batches on stdin, each ended by {@code go} as a
 * person would type them. Quiet mode ({@code -o q}) leaves on stdout only each result's column-name line and its
 * rows (columns separated by tabs); server messages ("Msg 102 (severity 16, ...") go to stderr.
 */
final class TsqlClient {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private TsqlClient() {}

    /** @param tdsVersion what tsql asks for in LOGIN7 (TDSVER): "7.4", or "7.1" as FreeTDS falls back to */
    static BoundedProcess.Result run(int port, String tdsVersion, String... batches)
            throws IOException, InterruptedException {
        return run(port, Map.of("TDSVER", tdsVersion), batches);
    }

    static BoundedProcess.Result run(int port, Map<String, String> environment, String... batches)
            throws IOException, InterruptedException {
        StringBuilder stdin = new StringBuilder();
        for (String batch : batches) {
            stdin.append(batch).append("\ngo\n");
        }
        // Any login will do: the server has no --tds-user, so it accepts every login on loopback.
        List<String> command = List.of(
                InteropClients.tsql().toString(),
                "-H",
                "127.0.0.1",
                "-p",
                String.valueOf(port),
                "-U",
                "sa",
                "-P",
                "interop",
                "-o",
                "q");
        Map<String, String> all = new HashMap<>(Map.of("TDSVER", "7.4"));
        all.putAll(environment);
        return BoundedProcess.run(command, all, stdin.toString(), LIMIT);
    }
}
