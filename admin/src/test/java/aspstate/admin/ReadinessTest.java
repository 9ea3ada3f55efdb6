package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code /health/ready}: every check by name, the reasons of those that fail, and probes that share a run. */
@Timeout(60)
class ReadinessTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void readyWhenEveryCheckPasses() throws Exception {
        List<ReadinessCheck> checks = List.of(
                new ReadinessCheck("listeners", ReadinessCheck.Result::passed),
                new ReadinessCheck("store", ReadinessCheck.Result::passed));
        try (AdminTestServer server = AdminTestServer.start(AdminTestServer.settings(), checks)) {
            HttpResponse<String> ready = server.get("/health/ready");

            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).isEqualTo("{\"status\":\"ready\",\"checks\":{\"listeners\":true,\"store\":true}}");
        }
    }

    @Test
    void aFailingCheckSaysWhy() throws Exception {
        List<ReadinessCheck> checks = List.of(
                new ReadinessCheck("listeners", ReadinessCheck.Result::passed),
                new ReadinessCheck("store", () -> ReadinessCheck.Result.failed("the store did not answer")),
                new ReadinessCheck("broken", () -> {
                    throw new IllegalStateException("a fault of the check");
                }));
        try (AdminTestServer server = AdminTestServer.start(AdminTestServer.settings(), checks)) {
            HttpResponse<String> ready = server.get("/health/ready");

            assertThat(ready.statusCode()).isEqualTo(503);
            JsonNode answer = json.readTree(ready.body());
            assertThat(answer.get("status").asText()).isEqualTo("not ready");
            assertThat(answer.get("checks").get("listeners").asBoolean()).isTrue();
            assertThat(answer.get("checks").get("store").asBoolean()).isFalse();
            assertThat(answer.get("reasons").get("store").asText()).isEqualTo("the store did not answer");
            assertThat(answer.get("reasons").get("broken").asText())
                    .isEqualTo("the check failed: java.lang.IllegalStateException: a fault of the check");
            assertThat(answer.get("reasons").has("listeners")).isFalse();
        }
    }

    /** Probes cost one run of the checks at a time; those that come meanwhile get its answer. */
    @Test
    void probesArrivingDuringARunShareIt() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<ReadinessCheck> checks = List.of(new ReadinessCheck("store", () -> {
            runs.incrementAndGet();
            running.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ReadinessCheck.Result.passed();
        }));
        try (Readiness readiness = new Readiness(checks)) {
            CompletableFuture<Readiness.Report> first = readiness.evaluate();
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
            List<CompletableFuture<Readiness.Report>> meanwhile = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                meanwhile.add(readiness.evaluate());
            }
            release.countDown();

            assertThat(first.get(10, TimeUnit.SECONDS).ready()).isTrue();
            assertThat(meanwhile).allSatisfy(report -> assertThat(report).isSameAs(first));
            assertThat(runs).hasValue(1);
            assertThat(readiness.evaluate().get(10, TimeUnit.SECONDS).ready())
                    .as("a probe after it runs anew")
                    .isTrue();
            assertThat(runs).hasValue(2);
        }
    }
}
