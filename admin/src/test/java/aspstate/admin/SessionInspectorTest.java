package aspstate.admin;

import static aspstate.core.testing.SessionBlobBuilder.compress;
import static aspstate.core.testing.SessionBlobBuilder.manyStrings;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.inspect.SessionBlob;
import aspstate.core.stateserver.SessionEntry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The session inspector over HTTP, on a real admin listener and a real memory store: listing, finding, unlocking
 * and deleting, and answers that stay bounded whatever a session holds.
 */
@Timeout(60)
class SessionInspectorTest {
    private final ObjectMapper json = new ObjectMapper();
    private AdminTestServer server;

    @BeforeEach
    void start() throws Exception {
        server = AdminTestServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * 7,500 items of 1,025 control characters each, 78 KB compressed: each character is six in JSON, and the answer
     * was 93 MB (10,000 such items, 124 MB, ended a server with a 256 MiB heap). Now at most 1,000 items are
     * decoded and the answer stops at 1 MiB, saying so.
     */
    @Test
    void aSessionOfManyItemsOfControlCharactersGivesABoundedAnswerThatSaysWhatIsCut() throws Exception {
        byte[] bomb = compress(manyStrings(7_500, 1_025, '\u0001'));
        server.put("/app/bomb", bomb);

        HttpResponse<String> answer = server.get(path("/app/bomb"));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body().getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(SessionDetails.MAX_ANSWER_BYTES);
        JsonNode details = json.readTree(answer.body());
        assertThat(details.get("compressed").asBoolean()).isTrue();
        assertThat(details.get("itemCount").asInt()).isEqualTo(7_500);
        int shown = details.get("items").size();
        assertThat(shown).isBetween(1, SessionBlob.MAX_ITEMS_SHOWN);
        assertThat(details.get("cut").asText())
                .isEqualTo("showing " + shown + " of 7500 items: the answer is " + "limited to 1 MiB");
        assertThat(details.get("items").get(0).get("value").asText())
                .isEqualTo("\u0001".repeat(SessionBlob.PREVIEW_CHARS) + SessionBlob.CUT_MARKER);
    }

    @Test
    void itemsBeyondTheDecodedOnesAreCountedAndSaidToBeLeftOut() throws Exception {
        server.put("/app/many", manyStrings(1_200, 4, 'x'));

        JsonNode details = json.readTree(server.get(path("/app/many")).body());

        assertThat(details.get("items").size()).isEqualTo(SessionBlob.MAX_ITEMS_SHOWN);
        assertThat(details.get("cut").asText())
                .isEqualTo("showing 1000 of 1200 items: the inspector decodes the " + "first 1000");
    }

    /**
     * 64 KB of deflate that inflates to 64 MiB took 0.2 s of an event loop and a growing buffer's copies (about
     * 160 MiB) per inspect: four at once ended a server with a 256 MiB heap. Now it is reported, not decoded, and
     * the inspects run on the admin workers.
     */
    @Test
    void aDeflateBombIsReportedNotDecodedEvenFourAtOnce() throws Exception {
        server.put("/app/zip", compress(new byte[64 << 20]));
        List<CompletableFuture<HttpResponse<String>>> inspects = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            inspects.add(server.sendAsync(path("/app/zip")));
        }
        for (CompletableFuture<HttpResponse<String>> inspect : inspects) {
            HttpResponse<String> answer = inspect.join();
            if (answer.statusCode() == 503) {
                continue; // the workers' queue was full: refused, not decoded
            }
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(json.readTree(answer.body()).get("decodeProblem").asText())
                    .isEqualTo("compressed data inflates to more than 16777216 bytes, the reader's limit");
        }
    }

    @Test
    void aSessionIsListedFoundUnlockedAndDeleted() throws Exception {
        long now = System.currentTimeMillis();
        server.put(
                "/app/locked",
                new SessionEntry(manyStrings(2, 3, 'v'), 20, now + 1_200_000, true, now - 5_000, 7, false));
        server.put("/app/free", manyStrings(1, 3, 'v'));

        JsonNode locked = json.readTree(server.get("/api/sessions?locked=true").body());
        assertThat(locked.get("matched").asInt()).isEqualTo(1);
        assertThat(locked.get("sessions").get(0).get("id").asText()).isEqualTo("/app/locked");
        assertThat(locked.get("sessions").get(0).get("lockAgeMillis").asLong()).isGreaterThanOrEqualTo(5_000);

        JsonNode details = json.readTree(server.get(path("/app/locked")).body());
        assertThat(details.get("items")).hasSize(2);
        assertThat(details.has("cut")).isFalse();

        assertThat(server.send(write("POST", path("/app/locked") + "/unlock")).body())
                .isEqualTo("{\"result\":\"unlocked\"}");
        assertThat(server.send(write("POST", path("/app/locked") + "/unlock")).body())
                .isEqualTo("{\"result\":\"not_locked\"}");
        assertThat(server.send(write("DELETE", path("/app/free"))).statusCode()).isEqualTo(200);
        assertThat(server.get(path("/app/free")).statusCode()).isEqualTo(404);
        assertThat(json.readTree(server.get("/api/sessions").body())
                        .get("matched")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void aWriteWithoutTheHeaderOtherSitesCannotSendIsRefused() throws Exception {
        server.put("/app/s", manyStrings(1, 3, 'v'));

        HttpResponse<String> refused = server.send(
                HttpRequest.newBuilder(server.uri(path("/app/s"))).DELETE().build());

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(server.get(path("/app/s")).statusCode()).isEqualTo(200);
    }

    private HttpRequest write(String method, String path) {
        return HttpRequest.newBuilder(server.uri(path))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .header("X-Requested-By", "test")
                .build();
    }

    private static String path(String id) {
        return "/api/sessions/stateserver/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    }
}
