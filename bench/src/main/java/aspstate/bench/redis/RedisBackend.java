package aspstate.bench.redis;

import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import aspstate.core.Failures;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The provider operations against Redis over one Lettuce connection: each operation is one EVALSHA of the
 * matching {@link ProviderScript}. Lettuce pipelines commands on the connection and completes their futures in
 * order, so calls may be issued without waiting. If Redis has lost a script (SCRIPT FLUSH, a restart), the
 * NOSCRIPT reply is answered by running that command again with EVAL, which also caches the script for the
 * EVALSHAs after it; only the commands caught by the flush complete later than their neighbours.
 */
final class RedisBackend implements SessionBackend {
    private static final byte[] TIMEOUT_SECONDS = ascii(Integer.toString(TIMEOUT_MINUTES * 60));
    private static final byte[] NO_LOCK = new byte[0];

    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final RedisAsyncCommands<byte[], byte[]> commands;
    private final LockIds lockIds;

    RedisBackend(StatefulRedisConnection<byte[], byte[]> connection, LockIds lockIds) {
        this.connection = connection;
        this.commands = connection.async();
        this.lockIds = lockIds;
    }

    @Override
    public CompletableFuture<Reply> getExclusive(String id) {
        return run(ProviderScript.GET_ITEM_EXCLUSIVE, id, lockId(lockIds.next()));
    }

    @Override
    public CompletableFuture<Reply> get(String id) {
        return run(ProviderScript.GET_ITEM, id);
    }

    @Override
    public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
        return run(ProviderScript.SET_AND_RELEASE_ITEM_EXCLUSIVE, id, lockId(lockCookie), data, TIMEOUT_SECONDS);
    }

    @Override
    public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
        return run(ProviderScript.INSERT_NEW_ITEM, id, data, TIMEOUT_SECONDS);
    }

    @Override
    public CompletableFuture<Reply> release(String id, int lockCookie) {
        return run(ProviderScript.RELEASE_ITEM_EXCLUSIVE, id, lockId(lockCookie));
    }

    @Override
    public CompletableFuture<Reply> resetTimeout(String id) {
        return run(ProviderScript.RESET_ITEM_TIMEOUT, id);
    }

    @Override
    public CompletableFuture<Reply> set(String id, byte[] data) {
        return run(ProviderScript.SET_ITEM, id, data, TIMEOUT_SECONDS);
    }

    /**
     * Delete a session (the provider's RemoveItem, Session.Abandon). Not part of {@link SessionBackend}: no page
     * of the load mix abandons sessions; kept so every provider operation has its script and a test.
     *
     * @param lockCookie the lock id the caller holds, or 0 for none
     */
    CompletableFuture<Reply> remove(String id, int lockCookie) {
        return run(ProviderScript.REMOVE_ITEM, id, lockCookie == 0 ? NO_LOCK : lockId(lockCookie));
    }

    private CompletableFuture<Reply> run(ProviderScript script, String id, byte[]... args) {
        byte[][] keys = ProviderKeys.of(id);
        CompletionStage<List<Object>> evalsha = commands.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
        return evalsha.exceptionallyCompose(failure -> isNoScript(failure)
                        ? commands.<List<Object>>eval(script.source(), ScriptOutputType.MULTI, keys, args)
                        : CompletableFuture.failedStage(failure))
                .thenApply(ScriptReplies::toReply)
                .toCompletableFuture();
    }

    private static boolean isNoScript(Throwable failure) {
        Throwable cause = Failures.cause(failure);
        return cause instanceof RedisNoScriptException;
    }

    private static byte[] lockId(int id) {
        return ascii(Integer.toString(id));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() {
        connection.close();
    }
}
