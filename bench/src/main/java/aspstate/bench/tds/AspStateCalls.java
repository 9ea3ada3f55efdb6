package aspstate.bench.tds;

import aspstate.bench.Reply;
import aspstate.tds.client.RpcCall;
import aspstate.tds.client.RpcReply;
import aspstate.tds.client.TdsClient;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The ASPState procedure calls with the parameters, types and sizes ASP.NET's SqlSessionStateStore gives them
 * (SqlCommand, CommandType.StoredProcedure), over one connection.
 */
final class AspStateCalls implements AutoCloseable {
    /** The largest item SqlSessionStateStore sends in @itemShort; larger ones go to the image column. */
    private static final int ITEM_SHORT_MAX = 7000;
    /** SqlSessionStateStore's size for @id: a session id of 80 characters and the application suffix. */
    private static final NVarCharType ID = NVarCharType.ofCharacters(88);

    private static final BigVarBinaryType ITEM_SHORT = BigVarBinaryType.of(ITEM_SHORT_MAX);
    private static final SingleByteCharType APP_NAME = SingleByteCharType.varchar(280);

    private final TdsClient client;

    AspStateCalls(TdsClient client) {
        this.client = client;
    }

    CompletableFuture<Integer> appId(String appName) {
        return client.call(RpcCall.of("dbo.TempGetAppID")
                        .input("@appName", APP_NAME, appName)
                        .output("@appId", IntNType.INT))
                .thenApply(reply -> ((Number) reply.output("@appId")).intValue());
    }

    /**
     * A v3 get: the outputs are all NULL for a missing item; a locked one carries the holder's cookie and no data; an
     * item stored in the image column comes back as a one-row result set instead of @itemShort.
     */
    CompletableFuture<Reply> get(String procedure, String id) {
        return client.call(RpcCall.of("dbo." + procedure)
                        .input("@id", ID, id)
                        .output("@itemShort", ITEM_SHORT)
                        .output("@locked", BitNType.BIT)
                        .output("@lockAge", IntNType.INT)
                        .output("@lockCookie", IntNType.INT)
                        .output("@actionFlags", IntNType.INT))
                .thenApply(AspStateCalls::itemReply);
    }

    private static Reply itemReply(RpcReply reply) {
        Number lockCookie = (Number) reply.output("@lockCookie");
        if (lockCookie == null) {
            return Reply.NOT_FOUND;
        }
        if (Boolean.TRUE.equals(reply.output("@locked"))) {
            return new Reply(Reply.Status.LOCKED, lockCookie.intValue(), null);
        }
        List<List<Object>> rows = reply.rows();
        byte[] item = rows.isEmpty()
                ? (byte[]) reply.output("@itemShort")
                : (byte[]) rows.get(0).get(0);
        return new Reply(Reply.Status.OK, lockCookie.intValue(), item);
    }

    CompletableFuture<RpcReply> update(String id, byte[] item, int timeoutMinutes, int lockCookie) {
        return client.call(withItem("TempUpdateStateItem", id, item)
                .input("@timeout", IntNType.INT, timeoutMinutes)
                .input("@lockCookie", IntNType.INT, lockCookie));
    }

    /** TempInsertStateItemShort or ...Long: a pre-load. */
    CompletableFuture<RpcReply> insert(String id, byte[] item, int timeoutMinutes) {
        return client.call(withItem("TempInsertStateItem", id, item).input("@timeout", IntNType.INT, timeoutMinutes));
    }

    /**
     * TempInsertUninitializedItem has only @itemShort: ASP.NET sends it the few bytes of an empty session. A larger
     * item fails the call here rather than as a server error about a parameter the procedure does not have.
     */
    CompletableFuture<RpcReply> insertUninitialized(String id, byte[] item, int timeoutMinutes) {
        if (item.length > ITEM_SHORT_MAX) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("TempInsertUninitializedItem takes at "
                    + "most " + ITEM_SHORT_MAX + " bytes (@itemShort), not " + item.length
                    + ": ASP.NET sends it an empty session; use a smaller --payload with op-insert"));
        }
        return client.call(RpcCall.of("dbo.TempInsertUninitializedItem")
                .input("@id", ID, id)
                .input("@itemShort", ITEM_SHORT, item)
                .input("@timeout", IntNType.INT, timeoutMinutes));
    }

    /**
     * A call of the procedure's Short variant with @id and the item as @itemShort, up to {@link #ITEM_SHORT_MAX}
     * bytes; else of its Long variant with the item as @itemLong, as SqlSessionStateStore chooses.
     */
    private static RpcCall withItem(String procedureStem, String id, byte[] item) {
        if (item.length <= ITEM_SHORT_MAX) {
            return RpcCall.of("dbo." + procedureStem + "Short")
                    .input("@id", ID, id)
                    .input("@itemShort", ITEM_SHORT, item);
        }
        return RpcCall.of("dbo." + procedureStem + "Long").input("@id", ID, id).image("@itemLong", item);
    }

    CompletableFuture<RpcReply> release(String id, int lockCookie) {
        return client.call(RpcCall.of("dbo.TempReleaseStateItemExclusive")
                .input("@id", ID, id)
                .input("@lockCookie", IntNType.INT, lockCookie));
    }

    CompletableFuture<RpcReply> resetTimeout(String id) {
        return client.call(RpcCall.of("dbo.TempResetTimeout").input("@id", ID, id));
    }

    @Override
    public void close() {
        client.close();
    }
}
