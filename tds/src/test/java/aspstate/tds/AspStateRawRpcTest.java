package aspstate.tds;

import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.PRELOGIN;
import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.bit;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.nvarchar;
import static aspstate.tds.ClientMessages.prelogin;
import static aspstate.tds.ClientMessages.rpcMessage;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.varbinary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.tds.ReplyTokens.Token;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ASPState calls built byte by byte in the shape .NET SqlClient sends for ASP.NET: RPC by name, named parameters,
 * outputs passed as NULL; the answer must echo each output's name exactly, in parameter order.
 */
@Timeout(60)
class AspStateRawRpcTest {
    private static final int RETURNSTATUS = 0x79;
    private static final int RETURNVALUE = 0xAC;
    private static final int DONEPROC = 0xFE;
    private static final int DONEINPROC = 0xFF;
    private static final int COLMETADATA = 0x81;
    private static final int ROW = 0xD1;
    private static final int DONE_MORE = 0x01;

    private final AspStateServer aspState = new AspStateServer();

    @AfterEach
    void stop() {
        aspState.close();
    }

    private List<Token> exchange(byte[] rpcPayload) {
        try (RawTdsConnection connection = new RawTdsConnection(aspState.server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(0)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, login7("sa", "x", "ASPState", 4096)));
            connection.readMessage();
            connection.send(singlePacket(RPC, rpcPayload));
            return ReplyTokens.read(connection.readMessage());
        }
    }

    @Test
    void insertThenExclusiveGetEchoesEveryOutputNameInOrder() {
        String id = "abcdefghijklmnopqrstuvwxcd0903f9";
        byte[] data = {1, 2, 3};
        byte[] insert = call(
                "dbo.TempInsertStateItemShort",
                nvarchar("@id", 88, id),
                varbinary("@itemShort", 7000, data),
                integer("@timeout", false, 20));
        byte[] get = call(
                "dbo.TempGetStateItemExclusive3",
                nvarchar("@id", 88, id),
                varbinary("@itemShort", 7000, true, null),
                bit("@locked", true, null),
                integer("@lockAge", true, null),
                integer("@lockCookie", true, null),
                integer("@actionFlags", true, null));

        List<Token> reply = exchange(rpcMessage(insert, get));

        assertThat(ReplyTokens.types(reply))
                .containsExactly(
                        RETURNSTATUS,
                        DONEPROC,
                        RETURNSTATUS,
                        RETURNVALUE,
                        RETURNVALUE,
                        RETURNVALUE,
                        RETURNVALUE,
                        RETURNVALUE,
                        DONEPROC);
        assertThat(reply.get(1).status()).isEqualTo(DONE_MORE);
        assertThat(reply.subList(3, 8))
                .extracting(Token::ordinal, Token::name)
                .containsExactly(
                        tuple(1, "@itemShort"),
                        tuple(2, "@locked"),
                        tuple(3, "@lockAge"),
                        tuple(4, "@lockCookie"),
                        tuple(5, "@actionFlags"));
        assertThat((byte[]) reply.get(3).value()).containsExactly(data);
        assertThat(reply.subList(4, 8))
                .extracting(Token::value)
                .containsExactly(false, 0, SqlSessionItem.INITIAL_COOKIE + 1, 0);
        assertThat(reply.get(8).status()).isZero();
    }

    @Test
    void parameterNamesMatchCaseInsensitivelyAndComeBackAsSent() {
        byte[] appId = call(
                "dbo.TempGetAppID",
                nvarchar("@appName", 280, "/LM/W3SVC/1/ROOT/SessionStateSerialization"),
                integer("@appID", true, null));

        List<Token> reply = exchange(rpcMessage(appId));

        assertThat(ReplyTokens.types(reply)).containsExactly(RETURNSTATUS, RETURNVALUE, DONEPROC);
        assertThat(reply.get(1))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(1, "@appID", -855047175);
    }

    @Test
    void outputsComeBackInTheTypesTheProceduresDeclareWhateverTheClientSent() {
        byte[] version = call("dbo.TempGetVersion", nvarchar("@ver", 10, true, null));
        byte[] insert = call(
                "dbo.TempInsertStateItemShort",
                nvarchar("@id", 88, "v1"),
                varbinary("@itemShort", 7000, new byte[] {1}),
                integer("@timeout", false, 20));
        byte[] getV1 = call(
                "dbo.TempGetStateItem",
                nvarchar("@id", 88, "v1"),
                varbinary("@itemShort", 7000, true, null),
                bit("@locked", true, null),
                integer("@lockDate", true, null),
                integer("@lockCookie", true, null));

        List<Token> reply = exchange(rpcMessage(version, insert, getV1));

        assertThat(ReplyTokens.types(reply))
                .containsExactly(
                        RETURNSTATUS,
                        RETURNVALUE,
                        DONEPROC,
                        RETURNSTATUS,
                        DONEPROC,
                        RETURNSTATUS,
                        RETURNVALUE,
                        RETURNVALUE,
                        RETURNVALUE,
                        RETURNVALUE,
                        DONEPROC);
        assertThat(reply.get(1).value()).as("char(10), not the nvarchar sent").isEqualTo("2         ");
        assertThat(reply.get(8).name()).isEqualTo("@lockDate");
        assertThat((byte[]) reply.get(8).value())
                .as("datetime, not the int sent")
                .hasSize(8);
    }

    @Test
    void spSprocColumnsByNameAnswersTheReturnStatusRowThenOneRowPerParameter() {
        byte[] columns = call(
                "sys.sp_sproc_columns",
                nvarchar("@procedure_name", 390, "TempGetAppID"),
                nvarchar("@procedure_owner", 384, "dbo"),
                integer("@ODBCVer", false, 3));

        List<Token> reply = exchange(rpcMessage(columns));

        assertThat(ReplyTokens.types(reply))
                .containsExactly(COLMETADATA, ROW, ROW, ROW, DONEINPROC, RETURNSTATUS, DONEPROC);
        assertThat(reply.get(0).value())
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(20)
                .startsWith("PROCEDURE_QUALIFIER", "PROCEDURE_OWNER", "PROCEDURE_NAME", "COLUMN_NAME")
                .endsWith("ORDINAL_POSITION", "IS_NULLABLE", "SS_DATA_TYPE");
        assertThat(reply.get(1).value())
                .as("the login's database qualifies the procedure")
                .isEqualTo(Arrays.asList(
                        "ASPState",
                        "dbo",
                        "TempGetAppID;1",
                        "@RETURN_VALUE",
                        5,
                        4,
                        "int",
                        10,
                        4,
                        0,
                        10,
                        0,
                        null,
                        null,
                        4,
                        null,
                        null,
                        0,
                        "NO",
                        56));
        assertThat(reply.get(2).value())
                .isEqualTo(Arrays.asList(
                        "ASPState",
                        "dbo",
                        "TempGetAppID;1",
                        "@appName",
                        1,
                        12,
                        "varchar",
                        280,
                        280,
                        null,
                        null,
                        1,
                        null,
                        null,
                        12,
                        null,
                        280,
                        1,
                        "YES",
                        39));
        assertThat(reply.get(3).value())
                .isEqualTo(Arrays.asList(
                        "ASPState",
                        "dbo",
                        "TempGetAppID;1",
                        "@appId",
                        2,
                        4,
                        "int",
                        10,
                        4,
                        0,
                        10,
                        1,
                        null,
                        null,
                        4,
                        null,
                        null,
                        2,
                        "YES",
                        38));
        assertThat(reply.get(4).number()).as("row count").isEqualTo(3);
        assertThat(reply.get(6).status()).isZero();
    }

    @Test
    void spSprocColumnsForAnUnknownNameIsAnEmptyResultSet() {
        List<Token> reply = exchange(rpcMessage(call("sp_sproc_columns", nvarchar("", 390, "NoSuchProcedure"))));

        assertThat(ReplyTokens.types(reply)).containsExactly(COLMETADATA, DONEINPROC, RETURNSTATUS, DONEPROC);
        assertThat(reply.get(1).number()).isZero();
    }
}
