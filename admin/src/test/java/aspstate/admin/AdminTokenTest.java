package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.RawHttp;
import aspstate.core.testing.ServerCostHash;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The admin token: a slow hash checked once per token, off the event loops, in a bounded queue. 16 connections
 * sending wrong tokens ran PBKDF2 on the event loops and raised the protocols' p99 from 3-5.5 ms to 383-932 ms.
 */
@Timeout(60)
class AdminTokenTest {
    private static final Predicate<String> RIGHT = ServerCostHash.acceptingOnly("right-token");

    /** Checks as the server's hash does, at its cost, recording where each check ran. */
    private static final class SlowCheck {
        final AtomicInteger checks = new AtomicInteger();
        final List<String> threads = new CopyOnWriteArrayList<>();

        boolean test(String presented) {
            checks.incrementAndGet();
            threads.add(Thread.currentThread().getName());
            return RIGHT.test(presented);
        }
    }

    @Test
    void aTokenSeenBeforeIsAnsweredWithoutTheSlowCheck() {
        SlowCheck slow = new SlowCheck();
        AdminToken token = new AdminToken(slow::test);

        assertThat(token.known("right-token")).isEmpty();
        assertThat(token.checkSlowly("right-token")).isTrue();
        assertThat(token.checkSlowly("wrong")).isFalse();

        assertThat(token.known("right-token")).hasValue(true);
        assertThat(token.known("wrong")).hasValue(false);
        assertThat(token.known("another")).isEmpty();
        assertThat(slow.checks).hasValue(2);
    }

    @Test
    void onlyTheLatestRejectedTokensAreRemembered() {
        AdminToken token = new AdminToken(presented -> false);
        for (int i = 0; i <= AdminToken.REMEMBERED_REJECTIONS; i++) {
            token.checkSlowly("wrong-" + i);
        }
        assertThat(token.known("wrong-0")).as("the eldest, forgotten").isEmpty();
        assertThat(token.known("wrong-" + AdminToken.REMEMBERED_REJECTIONS)).hasValue(false);
    }

    /**
     * 200 different wrong tokens from one address, on real sockets: as many are checked as the failure limit allows
     * and the rest refused at once, every check on the checking thread; the right token from another address then
     * gets in within two seconds.
     */
    @Test
    void aFloodOfWrongTokensIsCheckedAFewTimesOffTheEventLoops() throws Exception {
        SlowCheck slow = new SlowCheck();
        AdminSettings settings = new AdminSettings(
                InetAddress.getLoopbackAddress(),
                0,
                Optional.of(new AdminToken(slow::test)),
                AdminTestServer.settings().connections(),
                Duration.ofSeconds(30),
                AdminSettings.DEFAULT_QUEUE,
                3);
        try (AdminTestServer server = AdminTestServer.start(settings, List.of());
                Socket attacker = new Socket()) {
            attacker.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
            attacker.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
            attacker.setSoTimeout(30_000);
            StringBuilder flood = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                flood.append("GET /api/stats HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer wrong-")
                        .append(i)
                        .append("\r\n\r\n");
            }
            attacker.getOutputStream().write(flood.toString().getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 200; i++) {
                assertThat(RawHttp.read(attacker.getInputStream()).statusLine()).isEqualTo("HTTP/1.1 401 Unauthorized");
            }
            // The checks run one after another, and once the third has failed the address's other checks,
            // waiting or new, are refused without one.
            assertThat(slow.checks.get()).as("slow checks for 200 wrong tokens").isEqualTo(3);

            long start = System.nanoTime();
            int status = server.send(HttpRequest.newBuilder(server.uri("/api/stats"))
                            .header("Authorization", "Bearer right-token")
                            .build())
                    .statusCode();
            assertThat(status).isEqualTo(200);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat(slow.threads).allSatisfy(thread -> assertThat(thread).isEqualTo("aspstate-credential-check"));
        }
    }
}
