package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.testing.ScriptedStateServer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the client takes from a server, against one the test plays byte by byte. */
class ResponseLimitTest {
    /**
     * An answer announcing a session over {@code maxResponseBytes} fails its request at once, before the body is
     * held in memory (a broken or hostile server could otherwise make the client buffer up to 2 GiB a connection).
     */
    @Test
    void anAnswerOverTheLimitFailsItsRequestAtOnce() throws Exception {
        try (ScriptedStateServer server = new ScriptedStateServer();
                SessionStateClient client = SessionStateClient.builder()
                        .server(server.address())
                        .maxResponseBytes(1 << 20)
                        .build()) {
            var answer = client.getItemAsync("s");
            assertThat(server.nextRequest()).startsWith("GET ");
            server.write("200 OK\r\nContent-Length: 2000000000\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));

            assertThat(answer)
                    .failsWithin(5, TimeUnit.SECONDS)
                    .withThrowableOfType(ExecutionException.class)
                    .withMessageContaining("more than the 1048576 bytes the client takes (maxResponseBytes)");
        }
    }
}
