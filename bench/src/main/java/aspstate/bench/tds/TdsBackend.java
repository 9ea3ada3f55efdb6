package aspstate.bench.tds;

import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The provider operations as ASP.NET's SqlSessionStateStore performs them. JDBC blocks and a connection carries
 * one request at a time, so each backend owns one thread that runs its calls in the order they were issued;
 * the load generator's concurrency then comes from its many connections, as a web farm's does from its pool.
 */
final class TdsBackend implements SessionBackend {
    /** The largest item SqlSessionStateStore sends in @itemShort; larger ones go to the image column. */
    static final int ITEM_SHORT_MAX = 7000;
    /** Primary key violation: SqlSessionStateStore swallows it on an insert, another server created the item. */
    private static final int DUPLICATE_KEY = 2627;

    private final AspStateCalls calls;
    private final String appSuffix;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "tds-backend");
        thread.setDaemon(true);
        return thread;
    });

    TdsBackend(AspStateCalls calls, String appSuffix) {
        this.calls = calls;
        this.appSuffix = appSuffix;
    }

    @Override
    public CompletableFuture<Reply> getExclusive(String id) {
        return run(() -> calls.get("TempGetStateItemExclusive3", id + appSuffix));
    }

    @Override
    public CompletableFuture<Reply> get(String id) {
        return run(() -> calls.get("TempGetStateItem3", id + appSuffix));
    }

    @Override
    public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
        return run(() -> {
            calls.update(data.length <= ITEM_SHORT_MAX ? "TempUpdateStateItemShort" : "TempUpdateStateItemLong",
                    id + appSuffix, data, TIMEOUT_MINUTES, lockCookie);
            return Reply.OK;
        });
    }

    @Override
    public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
        return run(() -> insert("TempInsertUninitializedItem", id, data));
    }

    @Override
    public CompletableFuture<Reply> release(String id, int lockCookie) {
        return run(() -> {
            calls.release(id + appSuffix, lockCookie);
            return Reply.OK;
        });
    }

    @Override
    public CompletableFuture<Reply> resetTimeout(String id) {
        return run(() -> {
            calls.resetTimeout(id + appSuffix);
            return Reply.OK;
        });
    }

    /** A pre-load: an item left from an earlier run counts as loaded, as the insert's duplicate is swallowed. */
    @Override
    public CompletableFuture<Reply> set(String id, byte[] data) {
        return run(() -> insert(data.length <= ITEM_SHORT_MAX ? "TempInsertStateItemShort" : "TempInsertStateItemLong",
                id, data));
    }

    private Reply insert(String procedure, String id, byte[] data) throws SQLException {
        try {
            calls.insert(procedure, id + appSuffix, data, TIMEOUT_MINUTES);
        } catch (SQLException e) {
            if (e.getErrorCode() != DUPLICATE_KEY) {
                throw e;
            }
        }
        return Reply.OK;
    }

    /** A call that fails completes its future exceptionally, as the other backends' failed requests do. */
    private interface Call {
        Reply call() throws SQLException;
    }

    private CompletableFuture<Reply> run(Call call) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return call.call();
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        }, worker);
    }

    /** Closes the connection on the worker, after the calls already issued, since JDBC is not thread-safe. */
    @Override
    public void close() {
        worker.execute(calls::close);
        worker.shutdown();
    }
}
