package aspstate.bench.jmh;

import aspstate.admin.ServerMetrics;
import aspstate.bench.memory.AspNetKeys;
import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.ObservedSessionStore;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreObserver;
import aspstate.core.stores.StoreId;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memory store's hot operations as the StateServer protocol drives them, on a store pre-filled with 1 KiB
 * sessions: Get, the read-write page cycle (GetExclusive, then Set with the cookie it handed out, which releases
 * the lock) and ResetTimeout. Keys are picked uniformly at random per call from a pre-built array; the store holds
 * equal but distinct String instances (as the server does: each request decodes a fresh key), so lookups pay for
 * a real {@code equals} and, since the store hashes keys with its own keyed hash, for hashing too.
 *
 * <p>The {@code _2threads} variants run the same body on two threads sharing the store; give them two cores
 * (see docs/microbenchmarks-and-memory.md). AverageTime with two threads is per thread: aggregate throughput is
 * 2 / score.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// G1 with the settings bin/aspstate gives it where the JVM has no Shenandoah (whose concurrent threads would take the
// cores the two-thread variants measure): pinned to one CPU the JVM would otherwise pick SerialGC, whose cheaper
// write barriers flatter the store's per-operation cost; and with G1's default young generation (over 2 GiB of this
// heap, seconds between collections) the store's writes slowed 2-3x from one iteration to the next, which a server
// with the launcher's short young generation never sees (docs/microbenchmarks-and-memory.md). 4 GiB holds the
// 1M x 1 KiB store (about 1.3 GB live) with room.
@Fork(
        value = 1,
        jvmArgsAppend = {
            "-Xms4g",
            "-Xmx4g",
            "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=10",
            "-XX:+UnlockExperimentalVMOptions",
            "-XX:G1NewSizePercent=1",
            "-XX:G1MaxNewSizePercent=5"
        })
@Threads(1)
public class MemoryStoreBenchmark {
    public static final int PAYLOAD_BYTES = 1024;
    public static final int TIMEOUT_MINUTES = 20;

    /** The filled store, shared by all benchmark threads. */
    @State(Scope.Benchmark)
    public static class Store {
        @Param({"10000", "1000000"})
        public int sessions;

        /**
         * What the metrics a default server keeps (the admin listener on) cost per operation: none, the observing
         * wrapper alone (an observer that does nothing), or the wrapper with the real meters.
         */
        @Param({"none", "wrapper", "metrics"})
        public String observed;

        public SessionStore<SessionEntry> store;
        private ServerMetrics metrics;
        public String[] keys;

        @Setup(Level.Trial)
        public void fill() {
            store = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
            if (observed.equals("wrapper")) {
                store = new ObservedSessionStore<>(store, new StoreObserver() {
                    @Override
                    public void executed(String operation, Result result, long nanos) {}

                    @Override
                    public void lockReleased(long heldMillis) {}
                });
            } else if (observed.equals("metrics")) {
                metrics = new ServerMetrics();
                store = new ObservedSessionStore<>(store, metrics.observe(StoreId.STATESERVER));
            }
            AspNetKeys shapes = new AspNetKeys(AspNetKeys.DEFAULT_LENGTH);
            keys = new String[sessions];
            for (int i = 0; i < sessions; i++) {
                keys[i] = shapes.key(i);
                // An equal String with its own byte[] (new String(String) would share it): the store keeps the
                // instance of the request that created the session, later requests bring their own.
                String stored = shapes.key(i);
                StateResult result = store.execute(
                                stored, StateRequest.set(new byte[PAYLOAD_BYTES], TIMEOUT_MINUTES, false, null))
                        .toCompletableFuture()
                        .join();
                if (result.shape() != StateResult.Shape.OK) {
                    throw new IllegalStateException("pre-fill answered " + result.shape());
                }
            }
            System.gc(); // promote the filled store now, not during the first warm-up iteration
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
            if (metrics != null) {
                metrics.close();
            }
        }
    }

    /**
     * Experimental control: a plain ConcurrentHashMap from the store's own key instances to its entries, read with
     * get(). What is left of a store operation after subtracting this is the store's own work (lock, clock,
     * semantics, new entry, GC barriers), not the lookup's cache misses.
     */
    @State(Scope.Benchmark)
    public static class Plain {
        public ConcurrentHashMap<String, SessionEntry> map;

        @Setup(Level.Trial)
        public void copy(Store s) {
            map = new ConcurrentHashMap<>();
            s.store.forEach(map::put).toCompletableFuture().join();
            System.gc();
        }
    }

    /** Per-thread random key choice (xorshift64 and a multiply-shift range reduction: a few ns) and payload. */
    @State(Scope.Thread)
    public static class Cursor {
        long seed;
        public byte[] payload;

        @Setup(Level.Trial)
        public void setUp() {
            seed = ThreadLocalRandom.current().nextLong() | 1;
            payload = new byte[PAYLOAD_BYTES];
        }

        public int next(int bound) {
            long x = seed;
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            seed = x;
            return (int) (((x >>> 32) * bound) >>> 32);
        }
    }

    static StateResult run(Store s, String key, StateRequest request) {
        return s.store.execute(key, request).toCompletableFuture().join();
    }

    /** Get: read without locking (slides the expiry, so it writes a new entry too). */
    @Benchmark
    public StateResult get(Store s, Cursor c) {
        return run(s, s.keys[c.next(s.sessions)], StateRequest.get());
    }

    /** A read-write page: GetExclusive, then Set with the cookie just issued (which releases the lock). */
    @Benchmark
    public StateResult readWriteCycle(Store s, Cursor c) {
        return cycle(s, c);
    }

    static StateResult cycle(Store s, Cursor c) {
        String key = s.keys[c.next(s.sessions)];
        StateResult locked = run(s, key, StateRequest.getExclusive());
        if (locked.shape() != StateResult.Shape.DATA_LOCKED) {
            return locked; // the other thread holds it right now (two-thread variant only)
        }
        return run(s, key, StateRequest.set(c.payload, TIMEOUT_MINUTES, false, locked.lockCookie()));
    }

    /** ResetTimeout (HEAD): the request a page without session access sends. */
    @Benchmark
    public StateResult resetTimeout(Store s, Cursor c) {
        return run(s, s.keys[c.next(s.sessions)], StateRequest.resetTimeout());
    }

    /** The control: the same random key, a plain CHM lookup, and one read of the entry. */
    @Benchmark
    public long baselineChmGet(Store s, Plain p, Cursor c) {
        return p.map.get(s.keys[c.next(s.sessions)]).expiresAtMillis();
    }

    @Benchmark
    @Threads(2)
    public StateResult get_2threads(Store s, Cursor c) {
        return get(s, c);
    }

    @Benchmark
    @Threads(2)
    public StateResult readWriteCycle_2threads(Store s, Cursor c) {
        return cycle(s, c);
    }
}
