package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.tds.SpecStatements;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The admin listener of a real server, over HTTP on loopback, with sessions made through the StateServer protocol by
 * the project's own client: metrics, health, stats, and the inspector finding, decoding, unlocking and deleting.
 */
@Timeout(60)
class AdminApiTest {
    /** The spec's worked example: timeout 20, user = "alice", count = 3. */
    static final byte[] WORKED_EXAMPLE = HexFormat.of()
            .parseHex("140000000100020000" + "00FFFFFFFF" + "0475736572" + "05636F756E74" + "07000000" + "0C000000"
                    + "0105616C696365" + "0203000000" + "FF");

    private static final String KEY = "/LM/W3SVC/1/ROOT/shop(abcdefghijklmnopqrstuvwx)";

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private RunningServer server;
    private StateServerConnection client;
    private String admin;

    @BeforeEach
    void start() throws IOException {
        server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
        client = StateServerConnection.connect(server.stateServerAddress());
        admin = "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void aLockedSessionIsListedOldestFirstDecodedAndUnlocked() throws Exception {
        assertThat(client.set(KEY, WORKED_EXAMPLE, 20, null)
                        .get(10, TimeUnit.SECONDS)
                        .isOk())
                .isTrue();
        StateServerResponse locked = client.getExclusive(KEY).get(10, TimeUnit.SECONDS);
        assertThat(locked.isOk()).isTrue();
        assertThat(client.getExclusive(KEY).get(10, TimeUnit.SECONDS).isLocked())
                .as("a second request waits")
                .isTrue();

        JsonNode list = getJson("/api/sessions?locked=true");
        assertThat(list.get("matched").asLong()).isEqualTo(1);
        JsonNode listed = list.get("sessions").get(0);
        assertThat(listed.get("store").asText()).isEqualTo("stateserver");
        assertThat(listed.get("id").asText()).isEqualTo(KEY);
        assertThat(listed.get("lockCookie").asInt()).isEqualTo(locked.lockCookie());
        assertThat(listed.get("lockAgeMillis").asLong()).isNotNegative();

        JsonNode details = getJson(sessionPath(KEY));
        assertThat(details.get("locked").asBoolean()).isTrue();
        assertThat(details.get("sizeBytes").asInt()).isEqualTo(WORKED_EXAMPLE.length);
        assertThat(details.get("items").get(0).get("name").asText()).isEqualTo("user");
        assertThat(details.get("items").get(0).get("value").asText()).isEqualTo("alice");
        assertThat(details.get("items").get(1).get("type").asText()).isEqualTo("Int32");
        assertThat(details.get("items").get(1).get("value").asText()).isEqualTo("3");
        assertThat(details.has("decodeProblem")).isFalse();
        assertThat(details.has("head"))
                .as("bytes only for data that could not be read")
                .isFalse();

        HttpResponse<String> withoutHeader = send(HttpRequest.newBuilder(uri(sessionPath(KEY) + "/unlock"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(withoutHeader.statusCode())
                .as("a cross-site form cannot unlock")
                .isEqualTo(403);
        assertThat(post(sessionPath(KEY) + "/unlock").statusCode()).isEqualTo(200);

        StateServerResponse after = client.getExclusive(KEY).get(10, TimeUnit.SECONDS);
        assertThat(after.isOk()).as("the lock is free again").isTrue();
        assertThat(after.lockCookie()).isGreaterThan(locked.lockCookie());

        String metrics = get("/metrics").body();
        assertThat(metrics).contains("aspstate_lock_conflicts_total{store=\"stateserver\"} 1.0");
        assertThat(metrics).containsPattern("aspstate_lock_held_seconds_count\\{store=\"stateserver\"} 1");
        assertThat(metrics)
                .contains("aspstate_requests_total{operation=\"GetExclusive\",outcome=\"locked\","
                        + "protocol=\"stateserver\",store=\"stateserver\"} 1.0");
    }

    @Test
    void anAspNetCoreSessionIsDecodedInItsOwnFormatCountedAndDeleted() throws Exception {
        // DistributedSession's data: revision 2, 1 entry, the session's 16-byte id, then "user" = "alice".
        String data = "02000001" + "33221100554477668899aabbccddeeff" + "0004"
                + HexFormat.of().formatHex("user".getBytes(StandardCharsets.UTF_8)) + "00000005"
                + HexFormat.of().formatHex("alice".getBytes(StandardCharsets.UTF_8));
        setCacheEntry("[dbo].[SessionCache]", "cookie-value", HexFormat.of().parseHex(data));
        String path = cacheEntryPath("[dbo].[sessioncache]/cookie-value");

        JsonNode listed =
                getJson("/api/sessions?store=corecache").get("sessions").get(0);
        JsonNode details = getJson(path);

        assertThat(listed.get("id").asText()).isEqualTo("[dbo].[sessioncache]/cookie-value");
        assertThat(listed.get("timeoutMinutes").asInt()).isEqualTo(20);
        assertThat(details.get("sessionId").asText()).isEqualTo("00112233-4455-6677-8899-aabbccddeeff");
        assertThat(details.get("items").get(0).get("name").asText()).isEqualTo("user");
        assertThat(details.get("items").get(0).get("value").asText()).isEqualTo("alice");
        assertThat(details.has("decodeProblem")).isFalse();
        assertThat(get("/metrics").body())
                .contains(
                        "aspstate_sessions_active{store=\"corecache\"} 1.0",
                        "aspstate_requests_total{operation=\"SetCacheItem\",outcome=\"ok\",protocol=\"tds\","
                                + "store=\"corecache\"} 1.0");
        assertThat(send(HttpRequest.newBuilder(uri(path))
                                .DELETE()
                                .header("X-Requested-By", "test")
                                .build())
                        .statusCode())
                .isEqualTo(200);
        assertThat(get(path).statusCode()).isEqualTo(404);
    }

    /**
     * The cache table's names compare without case and its ids with case, as SQL Server compares them: an operator
     * names an entry by the table its application's configuration names.
     */
    @Test
    void anAspNetCoreCacheEntryIsFoundByItsTableInAnyCaseAndItsIdInItsOwn() throws Exception {
        setCacheEntry("[dbo].[SessionCache]", "Cookie-Value", new byte[] {1, 2, 3});

        assertThat(getJson(cacheEntryPath("[dbo].[SessionCache]/Cookie-Value"))
                        .get("id")
                        .asText())
                .isEqualTo("[dbo].[SessionCache]/Cookie-Value");
        assertThat(get(cacheEntryPath("[DBO].[sessioncache]/Cookie-Value")).statusCode())
                .isEqualTo(200);
        assertThat(get(cacheEntryPath("[dbo].[SessionCache]/cookie-value")).statusCode())
                .isEqualTo(404);
    }

    private void setCacheEntry(String table, String id, byte[] value) throws Exception {
        List<JsonNode> set = TediousClient.run(
                server.tdsAddress().orElseThrow().getPort(),
                TediousRequest.execSql(SpecStatements.text("aspnetcore-cache/set.sql", table))
                        .in("Id", "NVarChar", 449, id)
                        .in("Value", "VarBinary", 8000, value)
                        .in("SlidingExpirationInSeconds", "Float", 1200.0)
                        .in("UtcNow", "DateTimeOffset", Instant.now().toString())
                        .out("AbsoluteExpiration", "DateTimeOffset"));
        assertThat(set.get(0).has("error")).as(set.toString()).isFalse();
    }

    private static String cacheEntryPath(String key) {
        return "/api/sessions/corecache/" + URLEncoder.encode(key, StandardCharsets.UTF_8);
    }

    @Test
    void deleteRemovesTheSessionAndIsRefusedWithoutTheHeader() throws Exception {
        client.set(KEY, WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);

        assertThat(send(HttpRequest.newBuilder(uri(sessionPath(KEY))).DELETE().build())
                        .statusCode())
                .isEqualTo(403);
        assertThat(send(HttpRequest.newBuilder(uri(sessionPath(KEY)))
                                .DELETE()
                                .header("X-Requested-By", "test")
                                .build())
                        .statusCode())
                .isEqualTo(200);

        assertThat(client.get(KEY).get(10, TimeUnit.SECONDS).isNotFound()).isTrue();
        assertThat(get(sessionPath(KEY)).statusCode()).isEqualTo(404);
        assertThat(get("/metrics").body()).contains("aspstate_sessions_removed_total{store=\"stateserver\"} 1.0");
    }

    @Test
    void metricsNameEveryCounterOperationsDocuments() throws Exception {
        client.set(KEY, WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);
        client.get(KEY).get(10, TimeUnit.SECONDS);

        HttpResponse<String> scrape = get("/metrics");

        assertThat(scrape.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        assertThat(scrape.body())
                .contains(
                        "aspstate_sessions_active{store=\"stateserver\"} 1.0",
                        // Prometheus reserves the _created suffix, so "created" is the Windows counter's own name:
                        // Sessions Total.
                        "aspstate_sessions_total{store=\"stateserver\"} 1.0",
                        "aspstate_sessions_expired_total{store=\"sqlstate\"} 0.0",
                        "aspstate_sessions_removed_total{store=\"spstate\"} 0.0",
                        "aspstate_sessions_locked{store=\"stateserver\"} 0.0",
                        "aspstate_lock_age_seconds{store=\"stateserver\"} 0.0",
                        "aspstate_stored_bytes{store=\"stateserver\"}",
                        "aspstate_max_memory_bytes ",
                        "aspstate_memory_used_bytes ",
                        "aspstate_store_full_refusals_total{store=\"stateserver\"} 0.0",
                        "aspstate_connections_open{protocol=\"stateserver\"} 1.0",
                        "aspstate_connections_refused_total{protocol=\"stateserver\",reason=\"not_allowed\"} 0.0",
                        "aspstate_request_duration_seconds_bucket{operation=\"Get\",outcome=\"ok\",protocol=\"stateserver\","
                                + "store=\"stateserver\",le=\"1.0E-4\"}",
                        "aspstate_requests_total{operation=\"Set\",outcome=\"ok\",protocol=\"stateserver\","
                                + "store=\"stateserver\"} 1.0",
                        "jvm_memory_used_bytes",
                        "jvm_gc_");
    }

    @Test
    void healthAndStatsAnswerJson() throws Exception {
        assertThat(getJson("/health/live").get("status").asText()).isEqualTo("up");
        HttpResponse<String> ready = get("/health/ready");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(json.readTree(ready.body()).get("status").asText()).isEqualTo("ready");

        JsonNode stats = getJson("/api/stats");
        assertThat(stats.get("stores").fieldNames())
                .toIterable()
                .containsExactly("stateserver", "sqlstate", "sqlstate-appids", "spstate", "corecache");
        assertThat(stats.get("connections").get("stateserver").get("open").asInt())
                .isEqualTo(1);
        assertThat(stats.get("ready").asBoolean()).isTrue();
    }

    @Test
    void aBadQueryOrPathIsAClearErrorAndGarbageClosesOnlyItsConnection() throws Exception {
        HttpResponse<String> badSort = get("/api/sessions?sort=bogus");
        assertThat(badSort.statusCode()).isEqualTo(400);
        assertThat(badSort.body()).contains("sort=lock-age|size|expiry|id");
        assertThat(get("/api/sessions?limit=100000").statusCode()).isEqualTo(400);
        assertThat(get("/api/sessions/nosuchstore/x").statusCode()).isEqualTo(404);
        assertThat(get("/nothing/here").statusCode()).isEqualTo(404);

        try (Socket garbage =
                new Socket("127.0.0.1", server.adminAddress().orElseThrow().getPort())) {
            OutputStream out = garbage.getOutputStream();
            out.write("\u0000\u0001 not http at all\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = garbage.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.").contains(" 400 ");
        }
        assertThat(get("/health/live").statusCode()).isEqualTo(200);
    }

    @Test
    void withoutATokenOnlyALoopbackHostNameIsAnswered() throws Exception {
        int port = server.adminAddress().orElseThrow().getPort();
        // What a page elsewhere gets after pointing its own name at 127.0.0.1 (DNS rebinding).
        assertThat(rawGet(port, "evil.example:" + port)).startsWith("HTTP/1.1 403 ");
        assertThat(rawGet(port, "localhost:" + port)).startsWith("HTTP/1.1 200 ");
    }

    private static String rawGet(int port, String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            String request = "GET /api/stats HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void pagesFollowTheCursorWithoutOverlap() throws Exception {
        for (int i = 0; i < 7; i++) {
            client.set("/app/s" + i, WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);
        }
        JsonNode first = getJson("/api/sessions?prefix=/app/&limit=4");
        assertThat(first.get("matched").asInt()).isEqualTo(7);
        assertThat(first.get("sessions"))
                .extracting(node -> node.get("id").asText())
                .containsExactly("/app/s0", "/app/s1", "/app/s2", "/app/s3");
        JsonNode second = getJson("/api/sessions?prefix=/app/&limit=4&cursor="
                + first.get("nextCursor").asText());
        assertThat(second.get("sessions"))
                .extracting(node -> node.get("id").asText())
                .containsExactly("/app/s4", "/app/s5", "/app/s6");
        assertThat(second.has("nextCursor")).isFalse();
    }

    @Test
    void withATokenEverythingButHealthAndTheDashboardNeedsIt() throws Exception {
        String hash = PasswordHash.of("s3cret-token").encoded();
        try (RunningServer guarded = RunningServer.start(
                CliRun.serve("--stateserver-port", "0", "--tds-port", "off", "--admin-token", hash))) {
            String base =
                    "http://127.0.0.1:" + guarded.adminAddress().orElseThrow().getPort();
            for (String path : new String[] {"/metrics", "/api/stats", "/api/sessions"}) {
                HttpResponse<String> anonymous =
                        send(HttpRequest.newBuilder(URI.create(base + path)).build());
                assertThat(anonymous.statusCode()).as(path).isEqualTo(401);
                assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"aspstate\"");
                assertThat(send(HttpRequest.newBuilder(URI.create(base + path))
                                        .header("Authorization", "Bearer wrong")
                                        .build())
                                .statusCode())
                        .as(path)
                        .isEqualTo(401);
                for (int i = 0; i < 2; i++) { // the second time from the remembered digest
                    assertThat(send(HttpRequest.newBuilder(URI.create(base + path))
                                            .header("Authorization", "Bearer s3cret-token")
                                            .build())
                                    .statusCode())
                            .as(path)
                            .isEqualTo(200);
                }
            }
            assertThat(send(HttpRequest.newBuilder(URI.create(base + "/health/ready"))
                                    .build())
                            .statusCode())
                    .isEqualTo(200);
            assertThat(send(HttpRequest.newBuilder(URI.create(base + "/")).build())
                            .statusCode())
                    .isEqualTo(200);
        }
    }

    static String sessionPath(String id) {
        return "/api/sessions/stateserver/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    }

    private URI uri(String path) {
        return URI.create(admin + path);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).build());
    }

    private JsonNode getJson(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }

    private HttpResponse<String> post(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path))
                .header("X-Requested-By", "test")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
