package aspstate.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs one page against a backend as a chain of asynchronous requests, recording each request's latency. A page
 * completes normally even when a request fails; failures and lock conflicts are counted, not thrown.
 */
final class PageRunner {
    /** What ASP.NET writes for a brand-new session: timeout 20, no items, end marker. */
    private static final byte[] EMPTY_SESSION = {0x14, 0, 0, 0, 0, 0, (byte) 0xFF};

    private final SessionBackend backend;
    /** The current phase's metrics (warm-up, then measurement): what happens is counted where it happens. */
    private final AtomicReference<Metrics> phase;

    PageRunner(SessionBackend backend, AtomicReference<Metrics> phase) {
        this.backend = backend;
        this.phase = phase;
    }

    CompletableFuture<Void> run(PageKind kind, String id, byte[] payload) {
        switch (kind) {
            case READ_WRITE:
                return readWrite(id, payload);
            case READ_ONLY:
            case OP_GET:
                return timed(RequestKind.GET, () -> backend.get(id)).thenAccept(this::expectOkOrLocked);
            case NEW_VISITOR:
                return newVisitor(id, payload);
            case NO_SESSION:
            case OP_RESET_TIMEOUT:
                return timed(RequestKind.RESET_TIMEOUT, () -> backend.resetTimeout(id))
                        .thenAccept(this::expectOk);
            case OP_GET_EXCLUSIVE:
                return timed(RequestKind.GET_EXCLUSIVE, () -> backend.getExclusive(id))
                        .thenAccept(this::expectOkOrLocked);
            case OP_SET:
                return timed(RequestKind.SET, () -> backend.set(id, payload)).thenAccept(this::expectOk);
            case OP_SET_AND_RELEASE:
                return timed(RequestKind.SET_AND_RELEASE, () -> backend.setAndRelease(id, payload, 0))
                        .thenAccept(this::expectOk);
            case OP_RELEASE:
                return timed(RequestKind.RELEASE, () -> backend.release(id, 0)).thenAccept(this::expectOk);
            case OP_INSERT:
                return timed(RequestKind.INSERT_UNINITIALIZED, () -> backend.insertUninitialized(id, payload))
                        .thenAccept(this::expectOk);
            default:
                throw new IllegalStateException("unknown page kind " + kind);
        }
    }

    private CompletableFuture<Void> readWrite(String id, byte[] payload) {
        return timed(RequestKind.GET_EXCLUSIVE, () -> backend.getExclusive(id)).thenCompose(lock -> {
            if (!lock.isOk()) {
                expectOkOrLocked(lock);
                return CompletableFuture.completedFuture(null);
            }
            return timed(RequestKind.SET_AND_RELEASE, () -> backend.setAndRelease(id, payload, lock.lockCookie()))
                    .thenAccept(this::expectOk);
        });
    }

    private CompletableFuture<Void> newVisitor(String id, byte[] payload) {
        return timed(RequestKind.GET_EXCLUSIVE, () -> backend.getExclusive(id))
                .thenCompose(miss -> expect(miss, Reply.Status.NOT_FOUND)
                        ? timed(RequestKind.INSERT_UNINITIALIZED, () -> backend.insertUninitialized(id, EMPTY_SESSION))
                        : failed())
                .thenCompose(inserted -> expect(inserted, Reply.Status.OK)
                        ? timed(RequestKind.GET_EXCLUSIVE, () -> backend.getExclusive(id))
                        : failed())
                .thenCompose(lock -> expect(lock, Reply.Status.OK)
                        ? timed(
                                RequestKind.SET_AND_RELEASE,
                                () -> backend.setAndRelease(id, payload, lock.lockCookie()))
                        : failed())
                .thenAccept(this::expectOk);
    }

    /** Marks a page step as failed so the rest of the chain is skipped without counting it twice. */
    private static CompletableFuture<Reply> failed() {
        return CompletableFuture.completedFuture(null);
    }

    private boolean expect(Reply reply, Reply.Status status) {
        if (reply == null) {
            return false;
        }
        if (reply.status() != status) {
            phase.get().error();
            return false;
        }
        return true;
    }

    private void expectOk(Reply reply) {
        if (reply != null && !reply.isOk()) {
            phase.get().error();
        }
    }

    private void expectOkOrLocked(Reply reply) {
        if (reply.status() == Reply.Status.LOCKED) {
            phase.get().conflict();
        } else if (!reply.isOk()) {
            phase.get().error();
        }
    }

    /** Issues a request, records its latency, and turns a failed future into an ERROR reply. */
    private CompletableFuture<Reply> timed(RequestKind kind, Supplier<CompletableFuture<Reply>> request) {
        long start = System.nanoTime();
        return request.get().handle((reply, error) -> {
            phase.get().request(kind, start, System.nanoTime());
            return error == null ? reply : Reply.ERROR;
        });
    }
}
