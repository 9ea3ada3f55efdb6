package aspstate.bench.journal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;

/** Writers in a closed loop against one engine: each writes a session and waits until the engine has synced it. */
final class SyncedWrites {
    /** A durable store's file layer: write one session, completing once it is synced. */
    interface Engine {
        String name();

        /** Opens the engine in an empty directory. */
        Session open(Path directory) throws Exception;
    }

    /** An open engine. */
    interface Session extends AutoCloseable {
        /** Writes and waits until it is synced. */
        void writeSynced(String key, byte[] value) throws Exception;
    }

    /** What a run measured. */
    record Result(double writesPerSecond, double p50Millis, double p99Millis) {}

    private final int writers;
    private final int payload;
    private final int sessions;

    SyncedWrites(int writers, int payload, int sessions) {
        this.writers = writers;
        this.payload = payload;
        this.sessions = sessions;
    }

    Result run(Engine engine, Path directory, Duration warmup, Duration measured) throws Exception {
        ConcurrentHistogram latency = new ConcurrentHistogram(TimeUnit.SECONDS.toNanos(10), 3);
        AtomicLong writes = new AtomicLong();
        long start = System.nanoTime();
        long measureFrom = start + warmup.toNanos();
        long end = measureFrom + measured.toNanos();
        try (Session session = engine.open(directory)) {
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Thread thread = new Thread(() -> write(session, measureFrom, end, latency, writes), "writer-" + w);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
        }
        double seconds = measured.toNanos() / 1e9;
        return new Result(
                writes.get() / seconds, latency.getValueAtPercentile(50) / 1e6, latency.getValueAtPercentile(99) / 1e6);
    }

    private void write(Session session, long measureFrom, long end, ConcurrentHistogram latency, AtomicLong writes) {
        byte[] value = new byte[payload];
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try {
            while (true) {
                long before = System.nanoTime();
                if (before >= end) {
                    return;
                }
                random.nextBytes(value);
                session.writeSynced("/LM/W3SVC/1/ROOT/bench/" + random.nextInt(sessions), value);
                long after = System.nanoTime();
                if (before >= measureFrom && after <= end) {
                    latency.recordValue(after - before);
                    writes.incrementAndGet();
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("a write failed", e);
        }
    }
}
