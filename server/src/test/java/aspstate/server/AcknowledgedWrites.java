package aspstate.server;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The acknowledged-write checker: writers on many connections each rewrite sessions of their own with rising
 * versions, and remember the last version the server acknowledged and the last one sent for each. However the
 * servers are stopped, afterwards every session must hold at least its acknowledged version and never one that was
 * not sent. A writer stops at its first failed request (its server is gone), after {@link #MAX_WRITES} writes, or
 * after {@link #MAX_SECONDS}.
 */
final class AcknowledgedWrites implements AutoCloseable {
    static final int MAX_WRITES = 200_000;
    static final long MAX_SECONDS = 60;
    private static final int PAYLOAD = 256;

    private final int sessionsPerWriter;
    private final AtomicLongArray acknowledged;
    private final AtomicLongArray sent;
    private final AtomicLong acknowledgedWrites = new AtomicLong();
    private final List<Thread> writers = new ArrayList<>();
    private volatile boolean stopping;

    /** What a check of every session found. */
    record Check(long sessions, List<String> problems) {}

    /**
     * Starts {@code writers} writers, spread over {@code nodes} in turn, each with {@code sessionsPerWriter}
     * sessions of its own.
     */
    AcknowledgedWrites(List<InetSocketAddress> nodes, int writerCount, int sessionsPerWriter) {
        this.sessionsPerWriter = sessionsPerWriter;
        this.acknowledged = new AtomicLongArray(writerCount * sessionsPerWriter);
        this.sent = new AtomicLongArray(writerCount * sessionsPerWriter);
        for (int writer = 0; writer < writerCount; writer++) {
            InetSocketAddress node = nodes.get(writer % nodes.size());
            int first = writer * sessionsPerWriter;
            Thread thread = new Thread(() -> write(node, first), "acknowledged-writer-" + writer);
            thread.setDaemon(true);
            writers.add(thread);
            thread.start();
        }
    }

    static String key(int session) {
        return "/LM/W3SVC/1/ROOT/acked/" + session;
    }

    private static byte[] payload(int session, long version) {
        ByteBuffer bytes = ByteBuffer.allocate(PAYLOAD);
        bytes.putLong(version).putInt(session);
        while (bytes.hasRemaining()) {
            bytes.put((byte) (version * 31 + bytes.position()));
        }
        return bytes.array();
    }

    private void write(InetSocketAddress node, int first) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_SECONDS);
        try (StateServerConnection client = StateServerConnection.connect(node)) {
            for (long version = 1; !stopping && System.nanoTime() < deadline; version++) {
                for (int session = first; session < first + sessionsPerWriter; session++) {
                    sent.set(session, version);
                    StateServerResponse answer = client.set(key(session), payload(session, version), 20, null)
                            .get(30, TimeUnit.SECONDS);
                    if (!answer.isOk()) {
                        return;
                    }
                    acknowledged.set(session, version);
                    if (acknowledgedWrites.incrementAndGet() >= MAX_WRITES) {
                        return;
                    }
                }
            }
        } catch (Exception e) {
            // The server went away (killed, stopped): this writer is done; what it had acknowledged stands.
        }
    }

    long acknowledgedWrites() {
        return acknowledgedWrites.get();
    }

    /** Waits until every writer has stopped (its server is gone, or it reached its bounds). */
    void awaitStopped() throws InterruptedException {
        for (Thread writer : writers) {
            writer.join(TimeUnit.SECONDS.toMillis(MAX_SECONDS + 40));
        }
    }

    /** Reads every session through {@code nodes} in turn: each must hold its acknowledged version or the one after. */
    Check check(List<InetSocketAddress> nodes) throws Exception {
        List<StateServerConnection> clients = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try {
            for (InetSocketAddress node : nodes) {
                clients.add(StateServerConnection.connect(node));
            }
            for (int session = 0; session < acknowledged.length(); session++) {
                StateServerConnection client = clients.get(session % clients.size());
                StateServerResponse answer = client.get(key(session)).get(30, TimeUnit.SECONDS);
                long kept = acknowledged.get(session);
                if (answer.isNotFound()) {
                    if (kept > 0) {
                        problems.add(key(session) + ": gone, acknowledged version " + kept);
                    }
                    continue;
                }
                long version = ByteBuffer.wrap(answer.data()).getLong();
                if (version < kept
                        || version > sent.get(session)
                        || !java.util.Arrays.equals(answer.data(), payload(session, version))) {
                    problems.add(key(session) + ": holds version " + version + ", acknowledged " + kept + ", last "
                            + "sent " + sent.get(session));
                }
            }
        } finally {
            clients.forEach(StateServerConnection::close);
        }
        return new Check(acknowledged.length(), problems);
    }

    @Override
    public void close() throws InterruptedException {
        stopping = true;
        awaitStopped();
    }
}
