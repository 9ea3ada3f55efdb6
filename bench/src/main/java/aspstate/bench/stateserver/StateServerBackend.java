package aspstate.bench.stateserver;

import aspstate.bench.Reply;
import aspstate.bench.SessionBackend;
import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import java.util.concurrent.CompletableFuture;

/** The provider operations over the StateServer protocol, with the project's own client. */
final class StateServerBackend implements SessionBackend {
    private final StateServerConnection client;

    StateServerBackend(StateServerConnection client) {
        this.client = client;
    }

    @Override
    public CompletableFuture<Reply> getExclusive(String id) {
        return client.getExclusive(id).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> get(String id) {
        return client.get(id).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
        return client.set(id, data, TIMEOUT_MINUTES, lockCookie).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
        return client.set(id, data, TIMEOUT_MINUTES, 0, true).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> release(String id, int lockCookie) {
        return client.releaseExclusive(id, lockCookie).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> resetTimeout(String id) {
        return client.resetTimeout(id).thenApply(StateServerBackend::reply);
    }

    @Override
    public CompletableFuture<Reply> set(String id, byte[] data) {
        return client.set(id, data, TIMEOUT_MINUTES, null).thenApply(StateServerBackend::reply);
    }

    private static Reply reply(StateServerResponse response) {
        switch (response.status()) {
            case 200:
                return response.lockCookie() == null && response.data().length == 0
                        ? Reply.OK
                        : new Reply(Reply.Status.OK, orZero(response.lockCookie()), response.data());
            case 404:
                return Reply.NOT_FOUND;
            case 423:
                return new Reply(Reply.Status.LOCKED, orZero(response.lockCookie()), null);
            default:
                return Reply.ERROR;
        }
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    @Override
    public void close() {
        client.close();
    }
}
