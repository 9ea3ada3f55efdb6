package aspstate.server;

import static aspstate.server.TediousRequest.MAX;
import static aspstate.server.TediousRequest.callProcedure;
import static aspstate.server.TediousRequest.execSql;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.SpecStatements;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * tedious (npm), a real SQL Server driver, against serve's TDS listener: ASP.NET's procedure calls by name
 * (callProcedure), sp_executesql (execSql), errors, and a SharePoint item too large for anything but PLP.
 * tedious sends its own batch of SET options after login, so every test also covers that.
 */
@Timeout(120)
class TediousInteropTest {
    /** ASP.NET's application id for this name, and so the suffix of its session ids. */
    private static final String APP_NAME = "/LM/W3SVC/1/ROOT/SessionStateSerialization";

    private static final int APP_ID = -855047175;
    private static final String APP_SUFFIX = "cd0903f9";
    private static final int TIMEOUT_MINUTES = 20;
    /** ASP.NET's declared sizes: @id nvarchar(88), @itemShort varbinary(7000), @appName varchar(280). */
    private static final int ID_CHARS = 88;

    private static final int ITEM_SHORT_BYTES = 7000;
    private static final int APP_NAME_CHARS = 280;
    private static final int SHAREPOINT_ID_CHARS = 512;

    @RegisterExtension
    static final InProcessServer SERVER = new InProcessServer();

    @Test
    void newSessionFlowOfAspNetThroughCallProcedure() throws Exception {
        String id = sessionId("newsessionflowabcdefghij");
        byte[] item = bytes(200, 1);
        byte[] updated = bytes(300, 2);

        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                callProcedure("dbo.TempGetAppID")
                        .in("appName", "VarChar", APP_NAME_CHARS, APP_NAME)
                        .out("appId", "Int"),
                getItem("dbo.TempGetStateItemExclusive3", id),
                insertShort(id, item),
                getItem("dbo.TempGetStateItemExclusive3", id),
                // Insert gives cookie 1 and taking the lock adds one: the cookie the update and release present.
                callProcedure("dbo.TempUpdateStateItemShort")
                        .in("id", "NVarChar", ID_CHARS, id)
                        .in("itemShort", "VarBinary", ITEM_SHORT_BYTES, updated)
                        .in("timeout", "Int", TIMEOUT_MINUTES)
                        .in("lockCookie", "Int", 2),
                getItem("dbo.TempGetStateItemExclusive3", id),
                callProcedure("dbo.TempReleaseStateItemExclusive")
                        .in("id", "NVarChar", ID_CHARS, id)
                        .in("lockCookie", "Int", 3),
                getItem("dbo.TempGetStateItem3", id),
                callProcedure("dbo.TempRemoveStateItem")
                        .in("id", "NVarChar", ID_CHARS, id)
                        .in("lockCookie", "Int", 3),
                getItem("dbo.TempGetStateItem3", id));

        assertThat(replies.get(0).at("/outputs/appId").asInt()).isEqualTo(APP_ID);
        assertMissing(replies.get(1));
        assertSucceeded(replies.get(2));
        assertItemOutputs(replies.get(3), item, false, 2);
        assertSucceeded(replies.get(4));
        assertItemOutputs(replies.get(5), updated, false, 3);
        assertSucceeded(replies.get(6));
        assertItemOutputs(replies.get(7), updated, false, 3);
        assertSucceeded(replies.get(8));
        assertMissing(replies.get(9));
    }

    @Test
    void aDuplicateInsertIsError2627AndTheFirstItemStays() throws Exception {
        String id = sessionId("duplicateinsertabcdefghi");
        byte[] first = bytes(10, 3);

        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                insertShort(id, first),
                insertShort(id, bytes(10, 4)),
                getItem("dbo.TempGetStateItem3", id));

        assertSucceeded(replies.get(0));
        assertThat(replies.get(1).at("/error/number").asInt())
                .as(replies.get(1).toString())
                .isEqualTo(2627);
        assertItemOutputs(replies.get(2), first, false, 1);
    }

    @Test
    void anUnknownProcedureIsError2812AndTheConnectionStaysUsable() throws Exception {
        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                callProcedure("dbo.NoSuchProcedure"),
                callProcedure("dbo.TempGetVersion").out("ver", "Char", 10));

        assertThat(replies.get(0).at("/error/number").asInt())
                .as(replies.get(0).toString())
                .isEqualTo(2812);
        assertThat(replies.get(1).at("/outputs/ver").asText()).isEqualTo("2         ");
    }

    @Test
    void execSqlRunsTheProcedureThroughSpExecuteSql() throws Exception {
        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                execSql("EXEC dbo.TempGetAppID @appName, @appId OUTPUT")
                        .in("appName", "VarChar", APP_NAME_CHARS, "/lm/w3svc/1/root")
                        .out("appId", "Int"));

        assertThat(replies.get(0).at("/outputs/appId").asInt())
                .as(replies.get(0).toString())
                .isEqualTo(538231025);
    }

    @Test
    void aOneMegabyteSharePointItemRoundTripsByteForByte() throws Exception {
        byte[] item = bytes(1 << 20, 5);

        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                callProcedure("dbo.proc_AddItem")
                        .in("id", "NVarChar", SHAREPOINT_ID_CHARS, "tedious-large-item")
                        .in("item", "VarBinary", MAX, item)
                        .in("timeout", "Int", TIMEOUT_MINUTES),
                callProcedure("dbo.proc_GetItemWithLock")
                        .in("id", "NVarChar", SHAREPOINT_ID_CHARS, "tedious-large-item")
                        .out("item", "VarBinary", MAX)
                        .out("locked", "Bit")
                        .out("lockAgeInSeconds", "Int")
                        .out("lockCookie", "Int"));

        assertSucceeded(replies.get(0));
        JsonNode outputs = replies.get(1).get("outputs");
        assertThat(outputs)
                .as("outputs of " + replies.get(1).fieldNames().next())
                .isNotNull();
        assertThat(HexFormat.of().parseHex(outputs.get("item").asText())).isEqualTo(item);
        assertThat(outputs.get("locked").asBoolean()).isFalse();
        assertThat(outputs.get("lockCookie").isInt()).as("a new lock's cookie").isTrue();
    }

    @Test
    void aspNetCoreCacheStatementsThroughExecSql() throws Exception {
        String table = "[dbo].[TediousCache]";
        Instant now = Instant.now();
        byte[] value = bytes(500, 6);

        List<JsonNode> replies = TediousClient.run(
                SERVER.tdsPort(),
                cacheStatement("set.sql", table, "tedious-key", now)
                        .in("Value", "VarBinary", 8000, value)
                        .in("SlidingExpirationInSeconds", "Float", 1200.0)
                        .out("AbsoluteExpiration", "DateTimeOffset"),
                cacheStatement("get.sql", table, "tedious-key", now.plusSeconds(60)),
                cacheStatement("refresh.sql", table, "tedious-key", now.plusSeconds(1199)),
                cacheStatement("get.sql", table, "tedious-key", now.plusSeconds(2398)),
                cacheStatement("get.sql", table, "tedious-key", now.plusSeconds(3600)),
                execSql(SpecStatements.text("aspnetcore-cache/remove.sql", table))
                        .in("Id", "NVarChar", 449, "tedious-key"));

        assertSucceeded(replies.get(0));
        assertThat(replies.get(0).at("/outputs/AbsoluteExpiration").isNull())
                .as("an OUTPUT the statement does not assign comes back as it went")
                .isTrue();
        assertThat(replies.get(1).at("/rows/0/0").asText())
                .isEqualTo(HexFormat.of().formatHex(value));
        assertSucceeded(replies.get(2));
        assertThat(replies.get(3).get("rows")).as("renewed by the refresh").hasSize(1);
        assertThat(replies.get(4).get("rows")).as("20 idle minutes later").isEmpty();
        assertSucceeded(replies.get(5));
    }

    /** A cache statement of docs/spec/statements with the @Id and @UtcNow the library passes every one of them. */
    private static TediousRequest cacheStatement(String file, String table, String id, Instant utcNow) {
        return execSql(SpecStatements.text("aspnetcore-cache/" + file, table))
                .in("Id", "NVarChar", 449, id)
                .in("UtcNow", "DateTimeOffset", utcNow.toString());
    }

    /** A session id as ASP.NET makes them: 24 characters, then the application id in lower-case hex. */
    private static String sessionId(String twentyFourChars) {
        assertThat(twentyFourChars).hasSize(24);
        return twentyFourChars + APP_SUFFIX;
    }

    private static TediousRequest insertShort(String id, byte[] item) {
        return callProcedure("dbo.TempInsertStateItemShort")
                .in("id", "NVarChar", ID_CHARS, id)
                .in("itemShort", "VarBinary", ITEM_SHORT_BYTES, item)
                .in("timeout", "Int", TIMEOUT_MINUTES);
    }

    /** TempGetStateItem3 or TempGetStateItemExclusive3, all outputs sent as NULL, as ASP.NET calls them. */
    private static TediousRequest getItem(String procedure, String id) {
        return callProcedure(procedure)
                .in("id", "NVarChar", ID_CHARS, id)
                .out("itemShort", "VarBinary", ITEM_SHORT_BYTES)
                .out("locked", "Bit")
                .out("lockAge", "Int")
                .out("lockCookie", "Int")
                .out("actionFlags", "Int");
    }

    private static void assertItemOutputs(JsonNode reply, byte[] item, boolean locked, int lockCookie) {
        JsonNode outputs = reply.get("outputs");
        assertThat(outputs).as(reply.toString()).isNotNull();
        assertThat(outputs.get("itemShort").asText()).isEqualTo(HexFormat.of().formatHex(item));
        assertThat(outputs.get("locked").asBoolean()).isEqualTo(locked);
        // A lock taken a moment before is 0 or 1 s old (DATEDIFF counts a second boundary that fell between).
        assertThat(outputs.get("lockAge").asInt()).isBetween(0, locked ? 1 : 0);
        assertThat(outputs.get("lockCookie").asInt()).isEqualTo(lockCookie);
        assertThat(outputs.get("actionFlags").asInt()).isZero();
    }

    /** A missing id: every one of the five outputs NULL. */
    private static void assertMissing(JsonNode reply) {
        assertThat(reply.get("outputs"))
                .as(reply.toString())
                .isNotNull()
                .hasSize(5)
                .allSatisfy(output -> assertThat(output.isNull()).isTrue());
    }

    private static void assertSucceeded(JsonNode reply) {
        assertThat(reply.has("error")).as(reply.toString()).isFalse();
    }

    /** {@code length} bytes of a pattern that differs with {@code seed}, so that a mixed-up item shows. */
    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + seed * 7);
        }
        return bytes;
    }
}
