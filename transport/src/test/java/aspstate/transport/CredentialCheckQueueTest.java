package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.ServerCostHash;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A flood of wrong credentials: 600 TDS logins with a wrong password, unbounded, would queue 33 s of PBKDF2 work on
 * the one checking thread, and a real login would then take 31.6 s. Here with a hash of the server's cost
 * (PBKDF2-SHA256, 210,000 iterations).
 */
@Timeout(60)
class CredentialCheckQueueTest {
    private static final CredentialCheckQueue.Names NAMES =
            new CredentialCheckQueue.Names("test check(s)", "test-queue", "test-failures");
    private static final Predicate<String> RIGHT = ServerCostHash.acceptingOnly("right");

    private static boolean matches(String password) {
        return RIGHT.test(password);
    }

    @Test
    void aFloodFromOneAddressDelaysARealLoginFromAnotherByAFewHashesAtMost() throws Exception {
        CredentialCheckQueue queue = new CredentialCheckQueue(
                NAMES, CredentialCheckQueue.DEFAULT_MAX_QUEUED, CredentialCheckQueue.DEFAULT_MAX_FAILURES_PER_MINUTE);
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        // The checking thread is held while the flood arrives, so that which of its logins get in does not depend
        // on how fast this thread submits them.
        CompletableFuture<Void> held = new CompletableFuture<>();
        CompletableFuture<Boolean> holding = queue.submit(InetAddress.getByName("127.0.0.9"), "other", () -> {
            held.join();
            return true;
        });
        AtomicInteger hashed = new AtomicInteger();
        List<CompletableFuture<Boolean>> flood = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            flood.add(queue.submit(attacker, "sa", () -> {
                hashed.incrementAndGet();
                return matches("wrong");
            }));
        }
        held.complete(null);
        assertThat(holding.get(10, TimeUnit.SECONDS)).isTrue();
        long start = System.nanoTime();
        CompletableFuture<Boolean> real =
                queue.submit(InetAddress.getByName("127.0.0.1"), "app", () -> matches("right"));
        assertThat(real.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));

        CompletableFuture.allOf(flood.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        assertThat(flood).allSatisfy(login -> assertThat(login.join()).isFalse());
        assertThat(hashed.get())
                .as("checks done for the flood")
                .isLessThanOrEqualTo(CredentialCheckQueue.MAX_QUEUED_PER_PEER);
    }

    @Test
    void anAddressWhoseLoginsKeepFailingIsRefusedWithoutACheckForTheMinute() throws Exception {
        CredentialCheckQueue queue = new CredentialCheckQueue(NAMES, CredentialCheckQueue.DEFAULT_MAX_QUEUED, 3);
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        AtomicInteger hashed = new AtomicInteger();
        for (int i = 0; i < 10; i++) {
            // One at a time, so that only the failure limit (not the per-address queue) can refuse them.
            assertThat(queue.submit(attacker, "sa", () -> {
                                hashed.incrementAndGet();
                                return false;
                            })
                            .get(10, TimeUnit.SECONDS))
                    .isFalse();
        }
        assertThat(hashed.get()).isEqualTo(3);
        assertThat(queue.submit(attacker, "sa", () -> true).get(10, TimeUnit.SECONDS))
                .as("even the right password, until the minute is over")
                .isFalse();
        assertThat(queue.submit(InetAddress.getByName("127.0.0.3"), "app", () -> true)
                        .get(10, TimeUnit.SECONDS))
                .as("another address")
                .isTrue();
    }

    @Test
    void checksWaitingWhenTheirAddressReachesTheFailureLimitAreRefusedWithoutACheck() throws Exception {
        CredentialCheckQueue queue = new CredentialCheckQueue(NAMES, CredentialCheckQueue.DEFAULT_MAX_QUEUED, 2);
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        CompletableFuture<Void> held = new CompletableFuture<>();
        CompletableFuture<Boolean> holding = queue.submit(InetAddress.getByName("127.0.0.9"), "other", () -> {
            held.join();
            return true;
        });
        AtomicInteger hashed = new AtomicInteger();
        List<CompletableFuture<Boolean>> waiting = new ArrayList<>();
        for (int i = 0; i < CredentialCheckQueue.MAX_QUEUED_PER_PEER; i++) {
            waiting.add(queue.submit(attacker, "sa", () -> {
                hashed.incrementAndGet();
                return false;
            }));
        }
        held.complete(null);
        assertThat(holding.get(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture.allOf(waiting.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        assertThat(waiting).allSatisfy(login -> assertThat(login.join()).isFalse());
        assertThat(hashed.get())
                .as("checks done: the failure limit, not all that waited")
                .isEqualTo(2);
    }

    @Test
    void aCheckWhoseConnectionIsGoneIsNotDone() throws Exception {
        CredentialCheckQueue queue = new CredentialCheckQueue(NAMES, CredentialCheckQueue.DEFAULT_MAX_QUEUED, 100);
        CompletableFuture<Void> blocker = new CompletableFuture<>();
        CompletableFuture<Boolean> first = queue.submit(InetAddress.getByName("127.0.0.4"), "a", () -> {
            blocker.join();
            return true;
        });
        AtomicInteger hashed = new AtomicInteger();
        CompletableFuture<Boolean> abandoned = queue.submit(InetAddress.getByName("127.0.0.5"), "b", () -> {
            hashed.incrementAndGet();
            return true;
        });
        abandoned.cancel(false); // as the connection handler does when its connection closes
        blocker.complete(null);
        assertThat(first.get(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Boolean> after = queue.submit(InetAddress.getByName("127.0.0.5"), "b", () -> true);
        assertThat(after.get(10, TimeUnit.SECONDS)).isTrue(); // runs after the abandoned one's turn
        assertThat(hashed.get()).isZero();
    }
}
