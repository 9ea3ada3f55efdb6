package aspstate.bench.redis;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.bench.ClientLoops;
import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Redis backend against a real redis-server on loopback: every script, the page sequences, pipelining. */
class RedisBackendTest {
    private static final long WAIT_SECONDS = 10;
    private static final long TIMEOUT_SECONDS = SessionBackend.TIMEOUT_MINUTES * 60L;
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    private static RedisServerProcess server;
    private static RedisBackendFactory factory;
    private static RedisBackend backend;
    private static RedisBackend otherBackend;
    private static RedisClient inspectorClient;
    private static StatefulRedisConnection<String, String> inspectorConnection;
    /** Plain commands to look at the keys the scripts leave behind. */
    private static RedisCommands<String, String> redis;

    @BeforeAll
    static void startRedis() throws Exception {
        server = RedisServerProcess.start();
        factory = new RedisBackendFactory(server.address());
        backend = (RedisBackend) factory.connect();
        otherBackend = (RedisBackend) factory.connect();
        inspectorClient = RedisClient.create(server.uri());
        inspectorConnection = inspectorClient.connect();
        redis = inspectorConnection.sync();
    }

    @AfterAll
    static void stopRedis() throws Exception {
        try {
            if (inspectorConnection != null) {
                inspectorConnection.close();
            }
            if (inspectorClient != null) {
                inspectorClient.shutdown(0, 5, TimeUnit.SECONDS);
            }
            if (backend != null) {
                backend.close();
            }
            if (otherBackend != null) {
                otherBackend.close();
            }
            if (factory != null) {
                factory.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void factoryIsNamedRedisAndUsesOneThreadOfEachKind() {
        assertThat(factory.name()).isEqualTo("redis");
        assertThat(factory.resources().ioThreadPoolSize()).isEqualTo(1);
        assertThat(factory.resources().computationThreadPoolSize()).isEqualTo(1);
    }

    @Test
    void lettuceReachesTheKernelAsTheProjectsOwnClientsDo() {
        assertThat(factory.transport()).isEqualTo(ClientLoops.transport());
    }

    /** Pages start where their answers arrive (LoadGenerator): on Lettuce's own I/O loop. */
    @Test
    void pagesAreStartedOnTheLoopLettuceAnswersOn() throws Exception {
        String pacer =
                factory.pacer().submit(() -> Thread.currentThread().getName()).get(WAIT_SECONDS, TimeUnit.SECONDS);
        // Asked from the pacer, so that the answer cannot arrive before the callback is attached.
        CompletableFuture<String> answeredOn = factory.pacer()
                .submit(() -> backend.get(newId())
                        .thenApply(reply -> Thread.currentThread().getName()))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(answeredOn.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(pacer);
    }

    /** Each call of pacer() takes Lettuce's loop once more; closing must let every one of them go. */
    @Test
    void closingAFactoryStopsItsLoopHoweverOftenItsPacerWasAskedFor() throws Exception {
        RedisBackendFactory another = new RedisBackendFactory(server.address());
        ScheduledExecutorService pacer;
        try (SessionBackend connection = another.connect()) {
            pacer = another.pacer();
            assertThat(another.pacer()).isSameAs(pacer);
        } finally {
            another.close();
        }

        assertThat(pacer.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void keysShareOneHashTag() {
        assertThat(ProviderKeys.name("abc", ProviderKeys.LOCK)).isEqualTo("{abc}_WriteLock");
        assertThat(ProviderKeys.name("abc", ProviderKeys.DATA)).isEqualTo("{abc}_SessionStateItemCollection");
        assertThat(ProviderKeys.name("abc", ProviderKeys.TIMEOUT)).isEqualTo("{abc}_SessionTimeout");
    }

    @Test
    void setWritesDataAndTimeoutWithExpiry() throws Exception {
        String id = newId();
        byte[] data = {0, 1, (byte) 0xFF, '\r', '\n', '\r', '\n', 42};

        assertThat(await(backend.set(id, data)).status()).isEqualTo(Reply.Status.OK);

        Reply read = await(backend.get(id));
        assertThat(read.status()).isEqualTo(Reply.Status.OK);
        assertThat(read.data()).isEqualTo(data);
        assertThat(redis.get(timeoutKey(id))).isEqualTo(Long.toString(TIMEOUT_SECONDS));
        assertThat(redis.ttl(dataKey(id))).isBetween(1L, TIMEOUT_SECONDS);
        assertThat(redis.ttl(timeoutKey(id))).isBetween(1L, TIMEOUT_SECONDS);
        assertThat(redis.exists(lockKey(id))).isZero();
    }

    @Test
    void missingSessionIsNotFoundEverywhere() throws Exception {
        String id = newId();

        assertThat(await(backend.get(id))).isEqualTo(Reply.NOT_FOUND);
        assertThat(await(backend.getExclusive(id))).isEqualTo(Reply.NOT_FOUND);
        assertThat(await(backend.release(id, 5))).isEqualTo(Reply.NOT_FOUND);
        assertThat(await(backend.resetTimeout(id))).isEqualTo(Reply.NOT_FOUND);
        assertThat(await(backend.remove(id, 0))).isEqualTo(Reply.NOT_FOUND);
        // A failed GetItemExclusive must not leave a lock behind for the new session to trip over.
        assertThat(redis.exists(lockKey(id), dataKey(id), timeoutKey(id))).isZero();
    }

    @Test
    void readWritePageLocksThenWritesAndReleases() throws Exception {
        String id = preloaded("before");

        Reply locked = await(backend.getExclusive(id));
        assertThat(locked.status()).isEqualTo(Reply.Status.OK);
        assertThat(locked.lockCookie()).isPositive();
        assertThat(text(locked.data())).isEqualTo("before");
        assertThat(redis.get(lockKey(id))).isEqualTo(Integer.toString(locked.lockCookie()));
        assertThat(redis.ttl(lockKey(id))).isBetween(1L, TIMEOUT_SECONDS);

        assertThat(await(backend.setAndRelease(id, bytes("after"), locked.lockCookie())))
                .isEqualTo(Reply.OK);

        assertThat(redis.exists(lockKey(id))).isZero();
        assertThat(text(await(backend.get(id)).data())).isEqualTo("after");
        assertThat(redis.ttl(dataKey(id))).isBetween(1L, TIMEOUT_SECONDS);
    }

    @Test
    void readOnlyPageReadsWithoutLocking() throws Exception {
        String id = preloaded("items");

        Reply read = await(backend.get(id));

        assertThat(read.status()).isEqualTo(Reply.Status.OK);
        assertThat(read.lockCookie()).isZero();
        assertThat(text(read.data())).isEqualTo("items");
        assertThat(redis.exists(lockKey(id))).isZero();
    }

    @Test
    void newVisitorIsInsertedUninitializedThenLockedAndWritten() throws Exception {
        String id = newId();

        assertThat(await(backend.getExclusive(id))).isEqualTo(Reply.NOT_FOUND);
        assertThat(await(backend.insertUninitialized(id, bytes("empty")))).isEqualTo(Reply.OK);
        Reply locked = await(backend.getExclusive(id));
        assertThat(locked.status()).isEqualTo(Reply.Status.OK);
        assertThat(text(locked.data())).isEqualTo("empty");
        assertThat(await(backend.setAndRelease(id, bytes("first visit"), locked.lockCookie())))
                .isEqualTo(Reply.OK);

        assertThat(text(await(backend.get(id)).data())).isEqualTo("first visit");
        assertThat(redis.ttl(timeoutKey(id))).isBetween(1L, TIMEOUT_SECONDS);
    }

    @Test
    void insertKeepsAnExistingSessionAndItsLock() throws Exception {
        String id = preloaded("kept");
        Reply locked = await(backend.getExclusive(id));

        assertThat(await(backend.insertUninitialized(id, bytes("new")))).isEqualTo(Reply.OK);

        assertThat(redis.get(dataKey(id))).isEqualTo("kept");
        assertThat(redis.get(lockKey(id))).isEqualTo(Integer.toString(locked.lockCookie()));
    }

    @Test
    void pageWithoutSessionSlidesTheExpiry() throws Exception {
        String id = preloaded("idle");
        redis.expire(dataKey(id), 100);
        redis.expire(timeoutKey(id), 100);

        assertThat(await(backend.resetTimeout(id))).isEqualTo(Reply.OK);

        assertThat(redis.ttl(dataKey(id))).isGreaterThan(100L).isLessThanOrEqualTo(TIMEOUT_SECONDS);
        assertThat(redis.ttl(timeoutKey(id))).isGreaterThan(100L).isLessThanOrEqualTo(TIMEOUT_SECONDS);
    }

    @Test
    void secondLockerIsToldTheHoldersLockIdAndStillSlidesTheExpiry() throws Exception {
        String id = preloaded("contended");
        Reply holder = await(backend.getExclusive(id));
        redis.expire(dataKey(id), 100);

        Reply second = await(otherBackend.getExclusive(id));
        Reply reader = await(otherBackend.get(id));

        assertThat(second.status()).isEqualTo(Reply.Status.LOCKED);
        assertThat(second.lockCookie()).isEqualTo(holder.lockCookie());
        assertThat(second.data()).isNull();
        assertThat(reader.status()).isEqualTo(Reply.Status.LOCKED);
        assertThat(reader.lockCookie()).isEqualTo(holder.lockCookie());
        assertThat(redis.ttl(dataKey(id))).isGreaterThan(100L);
    }

    @Test
    void writeWithAnotherLockIdIsRefused() throws Exception {
        String id = preloaded("original");
        Reply holder = await(backend.getExclusive(id));
        int wrong = holder.lockCookie() == LockIds.MAX ? 1 : holder.lockCookie() + 1;

        Reply refused = await(otherBackend.setAndRelease(id, bytes("intruder"), wrong));

        assertThat(refused.status()).isEqualTo(Reply.Status.LOCKED);
        assertThat(refused.lockCookie()).isEqualTo(holder.lockCookie());
        assertThat(redis.get(dataKey(id))).isEqualTo("original");
        assertThat(redis.get(lockKey(id))).isEqualTo(Integer.toString(holder.lockCookie()));
    }

    @Test
    void writeAfterTheLockLapsedStillLands() throws Exception {
        String id = preloaded("old");
        Reply holder = await(backend.getExclusive(id));
        redis.del(lockKey(id));

        assertThat(await(backend.setAndRelease(id, bytes("late"), holder.lockCookie())))
                .isEqualTo(Reply.OK);

        assertThat(redis.get(dataKey(id))).isEqualTo("late");
    }

    @Test
    void releaseFreesOnlyTheMatchingLock() throws Exception {
        String id = preloaded("data");
        Reply holder = await(backend.getExclusive(id));
        int wrong = holder.lockCookie() == LockIds.MAX ? 1 : holder.lockCookie() + 1;

        Reply mismatch = await(otherBackend.release(id, wrong));
        assertThat(mismatch.status()).isEqualTo(Reply.Status.LOCKED);
        assertThat(mismatch.lockCookie()).isEqualTo(holder.lockCookie());
        assertThat(redis.exists(lockKey(id))).isOne();

        assertThat(await(backend.release(id, holder.lockCookie()))).isEqualTo(Reply.OK);
        assertThat(redis.exists(lockKey(id))).isZero();
        assertThat(redis.get(dataKey(id))).isEqualTo("data");
        // Releasing an unlocked session is harmless, and the session can be locked again.
        assertThat(await(backend.release(id, holder.lockCookie()))).isEqualTo(Reply.OK);
        assertThat(await(otherBackend.getExclusive(id)).status()).isEqualTo(Reply.Status.OK);
    }

    @Test
    void removeDeletesAllKeysUnlessAnotherLockHoldsThem() throws Exception {
        String id = preloaded("doomed");
        Reply holder = await(backend.getExclusive(id));

        Reply refused = await(otherBackend.remove(id, 0));
        assertThat(refused.status()).isEqualTo(Reply.Status.LOCKED);
        assertThat(refused.lockCookie()).isEqualTo(holder.lockCookie());
        assertThat(redis.exists(dataKey(id))).isOne();

        assertThat(await(backend.remove(id, holder.lockCookie()))).isEqualTo(Reply.OK);
        assertThat(redis.exists(lockKey(id), dataKey(id), timeoutKey(id))).isZero();

        String unlocked = preloaded("free");
        assertThat(await(backend.remove(unlocked, 0))).isEqualTo(Reply.OK);
        assertThat(await(backend.get(unlocked))).isEqualTo(Reply.NOT_FOUND);
    }

    @Test
    void lockIdsAreDistinctAcrossConnections() throws Exception {
        Reply first = await(backend.getExclusive(preloaded("a")));
        Reply second = await(otherBackend.getExclusive(preloaded("b")));

        assertThat(first.lockCookie()).isNotEqualTo(second.lockCookie());
    }

    @Test
    void lockIdsWrapWithinTheCookieRange() {
        LockIds ids = new LockIds(LockIds.MAX);

        assertThat(ids.next()).isEqualTo(LockIds.MAX);
        assertThat(ids.next()).isEqualTo(1);
        assertThat(ids.next()).isEqualTo(2);
    }

    @Test
    void thousandPipelinedCallsCompleteInOrder() throws Exception {
        int count = 1000;
        String prefix = newId() + "-";
        List<Integer> completions = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Reply>> writes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            writes.add(backend.set(prefix + i, bytes("value " + i)).whenComplete((r, e) -> completions.add(index)));
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(completions).isEqualTo(range(count));

        completions.clear();
        List<CompletableFuture<Reply>> reads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            reads.add(backend.get(prefix + i).whenComplete((r, e) -> completions.add(index)));
        }
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(completions).isEqualTo(range(count));
        for (int i = 0; i < count; i++) {
            assertThat(text(reads.get(i).join().data())).isEqualTo("value " + i);
        }
    }

    @Test
    void scriptsFlushedFromRedisAreRunAgainWithEval() throws Exception {
        String id = preloaded("survives");
        redis.scriptFlush();
        assertThat(redis.scriptExists(ProviderScript.GET_ITEM_EXCLUSIVE.sha())).containsExactly(false);

        // Several calls in flight when Redis answers NOSCRIPT: each one is recovered.
        List<CompletableFuture<Reply>> reads = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            reads.add(backend.get(id));
        }
        for (CompletableFuture<Reply> read : reads) {
            assertThat(text(await(read).data())).isEqualTo("survives");
        }
        Reply locked = await(backend.getExclusive(id));
        assertThat(locked.status()).isEqualTo(Reply.Status.OK);
        assertThat(await(backend.setAndRelease(id, bytes("rewritten"), locked.lockCookie())))
                .isEqualTo(Reply.OK);

        assertThat(redis.get(dataKey(id))).isEqualTo("rewritten");
        // EVAL cached the scripts again, so later calls go back to plain EVALSHA.
        assertThat(redis.scriptExists(
                        ProviderScript.GET_ITEM.sha(),
                        ProviderScript.GET_ITEM_EXCLUSIVE.sha(),
                        ProviderScript.SET_AND_RELEASE_ITEM_EXCLUSIVE.sha()))
                .containsExactly(true, true, true);
    }

    private static String preloaded(String data) throws Exception {
        String id = newId();
        assertThat(await(backend.set(id, bytes(data)))).isEqualTo(Reply.OK);
        return id;
    }

    /** Ids shaped like the bench's (an application prefix, then a unique part), fresh for every use. */
    private static String newId() {
        return "/LM/W3SVC/1/ROOT/test(Ab+c=)/s" + SESSIONS.incrementAndGet();
    }

    private static Reply await(CompletableFuture<Reply> reply) throws Exception {
        return reply.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static List<Integer> range(int count) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(i);
        }
        return values;
    }

    private static String lockKey(String id) {
        return ProviderKeys.name(id, ProviderKeys.LOCK);
    }

    private static String dataKey(String id) {
        return ProviderKeys.name(id, ProviderKeys.DATA);
    }

    private static String timeoutKey(String id) {
        return ProviderKeys.name(id, ProviderKeys.TIMEOUT);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
