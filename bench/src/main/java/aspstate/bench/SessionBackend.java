package aspstate.bench;

import java.util.concurrent.CompletableFuture;

/**
 * One connection to a session store, offering the operations an ASP.NET session-state provider performs. Each
 * system compared (aspstate over the StateServer protocol, Redis with the provider's scripts) implements these
 * with its own client, so the same page sequences run against every system. Calls may be issued without waiting
 * for earlier ones (pipelining); implementations are thread-safe.
 */
public interface SessionBackend extends AutoCloseable {

    /** Read and lock (StateServer: GET + Exclusive: acquire). */
    CompletableFuture<Reply> getExclusive(String id);

    /** Read without locking (StateServer: GET). */
    CompletableFuture<Reply> get(String id);

    /** Write the session and release the lock held with this cookie (StateServer: PUT with LockCookie). */
    CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie);

    /** Create an uninitialized session if absent (StateServer: PUT ExtraFlags:1 LockCookie:0). */
    CompletableFuture<Reply> insertUninitialized(String id, byte[] data);

    /** Release a lock without writing (StateServer: GET + Exclusive: release). */
    CompletableFuture<Reply> release(String id, int lockCookie);

    /** Slide the expiry of a session (StateServer: HEAD). */
    CompletableFuture<Reply> resetTimeout(String id);

    /** Unconditional write, used to pre-load sessions (StateServer: PUT without LockCookie). */
    CompletableFuture<Reply> set(String id, byte[] data);

    @Override
    void close();

    /** Session timeout used for every write, in minutes. */
    int TIMEOUT_MINUTES = 20;
}
