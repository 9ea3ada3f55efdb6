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
import java.util.function.BooleanSupplier;
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

    /**
     * Submits {@code count} checks from {@code peer} while the checking thread is held by another address's check,
     * then lets it go: which of them are queued does not depend on how fast this thread submits them.
     */
    private static List<CompletableFuture<Boolean>> submitWhileTheCheckerIsHeld(
            CredentialCheckQueue queue, InetAddress peer, int count, BooleanSupplier check) throws Exception {
        CompletableFuture<Void> held = new CompletableFuture<>();
        CompletableFuture<Boolean> holding = queue.submit(InetAddress.getByName("127.0.0.9"), "other", () -> {
            held.join();
            return true;
        });
        List<CompletableFuture<Boolean>> submitted = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            submitted.add(queue.submit(peer, "sa", check));
        }
        held.complete(null);
        assertThat(holding.get(10, TimeUnit.SECONDS)).isTrue();
        return submitted;
    }

    @Test
    void aFloodFromOneAddressDelaysARealLoginFromAnotherByAFewHashesAtMost() throws Exception {
        CredentialCheckQueue queue = new CredentialCheckQueue(
                NAMES, CredentialCheckQueue.DEFAULT_MAX_QUEUED, CredentialCheckQueue.DEFAULT_MAX_FAILURES_PER_MINUTE);
        InetAddress attacker = InetAddress.getByName("127.0.0.2");
        AtomicInteger hashed = new AtomicInteger();
        List<CompletableFuture<Boolean>> flood = submitWhileTheCheckerIsHeld(queue, attacker, 600, () -> {
            hashed.incrementAndGet();
            return matches("wrong");
        });
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
        AtomicInteger hashed = new AtomicInteger();
        List<CompletableFuture<Boolean>> waiting =
                submitWhileTheCheckerIsHeld(queue, attacker, CredentialCheckQueue.MAX_QUEUED_PER_PEER, () -> {
                    hashed.incrementAndGet();
                    return false;
                });
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
