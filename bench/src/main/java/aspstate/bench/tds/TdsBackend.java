package aspstate.bench.tds;

import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import aspstate.core.Failures;
import aspstate.tds.client.RpcReply;
import aspstate.tds.client.TdsServerError;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The provider operations as ASP.NET's SqlSessionStateStore performs them, one procedure call each. A connection
 * carries one call at a time (TDS has no pipelining), so the load generator's concurrency comes from its many
 * connections, as a web farm's does from its pool.
 */
final class TdsBackend implements SessionBackend {
    /** Primary key violation: SqlSessionStateStore swallows it on an insert, another server created the item. */
    private static final int DUPLICATE_KEY = 2627;

    private final AspStateCalls calls;
    private final String appSuffix;

    TdsBackend(AspStateCalls calls, String appSuffix) {
        this.calls = calls;
        this.appSuffix = appSuffix;
    }

    @Override
    public CompletableFuture<Reply> getExclusive(String id) {
        return calls.get("TempGetStateItemExclusive3", id + appSuffix);
    }

    @Override
    public CompletableFuture<Reply> get(String id) {
        return calls.get("TempGetStateItem3", id + appSuffix);
    }

    @Override
    public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
        return calls.update(id + appSuffix, data, TIMEOUT_MINUTES, lockCookie).thenApply(reply -> Reply.OK);
    }

    @Override
    public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
        return swallowDuplicate(calls.insertUninitialized(id + appSuffix, data, TIMEOUT_MINUTES));
    }

    @Override
    public CompletableFuture<Reply> release(String id, int lockCookie) {
        return calls.release(id + appSuffix, lockCookie).thenApply(reply -> Reply.OK);
    }

    @Override
    public CompletableFuture<Reply> resetTimeout(String id) {
        return calls.resetTimeout(id + appSuffix).thenApply(reply -> Reply.OK);
    }

    /** A pre-load: an item left from an earlier run counts as loaded, as the insert's duplicate is swallowed. */
    @Override
    public CompletableFuture<Reply> set(String id, byte[] data) {
        return swallowDuplicate(calls.insert(id + appSuffix, data, TIMEOUT_MINUTES));
    }

    private static CompletableFuture<Reply> swallowDuplicate(CompletableFuture<RpcReply> insert) {
        return insert.handle((reply, failure) -> {
            if (failure == null || duplicate(failure)) {
                return Reply.OK;
            }
            throw failure instanceof CompletionException
                    ? (CompletionException) failure
                    : new CompletionException(failure);
        });
    }

    private static boolean duplicate(Throwable failure) {
        return Failures.cause(failure) instanceof TdsServerError error
                && error.error().number() == DUPLICATE_KEY;
    }

    @Override
    public void close() {
        calls.close();
    }
}
