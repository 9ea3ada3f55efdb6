package aspstate.bench.corecache;

import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import java.util.concurrent.CompletableFuture;

/**
 * The provider operations as ASP.NET Core's session middleware performs them over its distributed SQL Server cache:
 * a read is a Get, a write a Set with the idle timeout as sliding expiration, and a request that only read the
 * session ends with a Refresh. The cache has no locks, so an exclusive read is a read and a release writes nothing.
 */
final class CoreCacheBackend implements SessionBackend {
    private static final int SLIDING_SECONDS = TIMEOUT_MINUTES * 60;

    private final CoreCacheCalls calls;

    CoreCacheBackend(CoreCacheCalls calls) {
        this.calls = calls;
    }

    @Override
    public CompletableFuture<Reply> getExclusive(String id) {
        return get(id);
    }

    @Override
    public CompletableFuture<Reply> get(String id) {
        return calls.get(id).thenApply(value -> value == null ? Reply.NOT_FOUND : new Reply(Reply.Status.OK, 0, value));
    }

    @Override
    public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
        return set(id, data);
    }

    @Override
    public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
        return set(id, data);
    }

    @Override
    public CompletableFuture<Reply> release(String id, int lockCookie) {
        return resetTimeout(id);
    }

    @Override
    public CompletableFuture<Reply> resetTimeout(String id) {
        return calls.refresh(id).thenApply(reply -> Reply.OK);
    }

    @Override
    public CompletableFuture<Reply> set(String id, byte[] data) {
        return calls.set(id, data, SLIDING_SECONDS).thenApply(reply -> Reply.OK);
    }

    @Override
    public void close() {
        calls.close();
    }
}
