package aspstate.bench.corecache;

import aspstate.tds.client.RpcCall;
import aspstate.tds.client.RpcReply;
import aspstate.tds.client.TdsClient;
import aspstate.tds.statement.ClientTexts;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.DateTimeOffsetNType;
import aspstate.tds.type.FltNType;
import aspstate.tds.type.NVarCharType;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The statements of ASP.NET Core's distributed SQL Server cache as it sends them ({@link ClientTexts}), over one
 * connection: sp_executesql with the text, the declarations SqlClient writes for the library's parameters, and the
 * values in the types and sizes it gives them (the id nvarchar(449), the value varbinary(8000) or varbinary(max), the
 * sliding seconds float, a NULL absolute expiration nvarchar(4000), the times datetimeoffset(7)).
 */
final class CoreCacheCalls implements AutoCloseable {
    /** The table the bench's sessions live in. */
    static final String TABLE = "[dbo].[BenchCache]";

    private static final NVarCharType ID = NVarCharType.ofCharacters(449);
    private static final NVarCharType NULL_TEXT = NVarCharType.ofCharacters(4000);
    /** Values shorter than this go as varbinary(8000); longer ones without a size, so as varbinary(max). */
    private static final int SIZED_VALUE = 8000;

    private static final String GET = statement("get.sql");
    private static final String SET = statement("set.sql");
    private static final String REFRESH = statement("refresh.sql");
    private static final String READ_DECLARATIONS = "@Id nvarchar(449),@UtcNow datetimeoffset(7)";

    private final TdsClient client;

    CoreCacheCalls(TdsClient client) {
        this.client = client;
    }

    private static String statement(String file) {
        return ClientTexts.text("aspnetcore-cache/" + file).replace("{0}", TABLE);
    }

    /** The entry's value, or null when there is none (or it expired). */
    CompletableFuture<byte[]> get(String id) {
        return client.call(RpcCall.executeSql(GET, READ_DECLARATIONS)
                        .input("@Id", ID, id)
                        .input("@UtcNow", DateTimeOffsetNType.DATETIMEOFFSET, now()))
                .thenApply(CoreCacheCalls::value);
    }

    private static byte[] value(RpcReply reply) {
        List<List<Object>> rows = reply.rows();
        return rows.isEmpty() ? null : (byte[]) rows.get(0).get(0);
    }

    /** A Set with a sliding expiration and no absolute one, as ASP.NET Core's session middleware commits. */
    CompletableFuture<RpcReply> set(String id, byte[] value, int slidingSeconds) {
        BigVarBinaryType valueType =
                value.length < SIZED_VALUE ? BigVarBinaryType.of(SIZED_VALUE) : BigVarBinaryType.MAX;
        String declarations =
                "@Id nvarchar(449),@Value " + (value.length < SIZED_VALUE ? "varbinary(8000)" : "varbinary(max)")
                        + ",@SlidingExpirationInSeconds float,@AbsoluteExpiration nvarchar(4000),"
                        + "@UtcNow datetimeoffset(7)";
        return client.call(RpcCall.executeSql(SET, declarations)
                .input("@Id", ID, id)
                .input("@Value", valueType, value)
                .input("@SlidingExpirationInSeconds", FltNType.FLOAT, (double) slidingSeconds)
                .input("@AbsoluteExpiration", NULL_TEXT, null)
                .input("@UtcNow", DateTimeOffsetNType.DATETIMEOFFSET, now()));
    }

    /** What a request that only read the session ends with. */
    CompletableFuture<RpcReply> refresh(String id) {
        return client.call(RpcCall.executeSql(REFRESH, READ_DECLARATIONS)
                .input("@Id", ID, id)
                .input("@UtcNow", DateTimeOffsetNType.DATETIMEOFFSET, now()));
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }

    @Override
    public void close() {
        client.close();
    }
}
