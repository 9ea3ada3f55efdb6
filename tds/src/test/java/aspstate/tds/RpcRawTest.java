package aspstate.tds;

import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.SQL_BATCH;
import static aspstate.tds.ClientMessages.bit;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.callById;
import static aspstate.tds.ClientMessages.concat;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.nvarchar;
import static aspstate.tds.ClientMessages.prepareAndExecuteEcho;
import static aspstate.tds.ClientMessages.rpcMessage;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.sqlBatch;
import static aspstate.tds.ClientMessages.varbinary;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.ReplyTokens.Token;
import aspstate.tds.proc.ProcedureCall;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RPC messages built byte by byte in the shapes .NET SqlClient and jTDS send, and the tokens answering them. */
@Timeout(60)
class RpcRawTest {
    private static final int RETURNSTATUS = 0x79;
    private static final int RETURNVALUE = 0xAC;
    private static final int ERROR = 0xAA;
    private static final int DONEPROC = 0xFE;
    private static final int DONE_MORE = 0x01;
    private static final int DONE_ERROR = 0x02;

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private RawTdsConnection loggedIn() {
        return RawTdsConnection.loggedIn(server.address(), "ASPState");
    }

    private List<Token> exchange(byte[] rpcPayload) {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(singlePacket(RPC, rpcPayload));
            return ReplyTokens.read(connection.readMessage());
        }
    }

    /** ASP.NET's shape: dbo.Proc by name, named parameters, outputs sent as NULL or a value. */
    private static byte[] dotNetEcho(String flagName, Boolean flag, String nName, Integer n) {
        return call(
                "dbo.TestEcho",
                nvarchar("@id", 88, "abc"),
                varbinary("@data", 7000, new byte[] {1, 2}),
                bit(flagName, true, flag),
                integer(nName, true, n));
    }

    @Test
    void byNameWithNamedParametersEchoesEachOutputsNameExactly() throws InterruptedException {
        List<Token> reply = exchange(rpcMessage(dotNetEcho("@Flag", true, "@N", 41)));
        assertThat(ReplyTokens.types(reply)).containsExactly(RETURNSTATUS, RETURNVALUE, RETURNVALUE, DONEPROC);
        assertThat(reply.get(0).number()).isZero();
        assertThat(reply.get(1))
                .extracting(Token::ordinal, Token::name, Token::status, Token::value)
                .containsExactly(2, "@Flag", 1, false);
        assertThat(reply.get(2))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(3, "@N", 42);
        assertThat(reply.get(3).status()).isZero();
        ProcedureCall received = server.procedures.nextCall();
        assertThat(received.value("@id", String.class)).isEqualTo("abc");
        assertThat(received.value("@data", byte[].class)).containsExactly(1, 2);
    }

    @Test
    void outputsSentAsNullComeBackNull() {
        List<Token> reply = exchange(rpcMessage(dotNetEcho("@flag", null, "@n", null)));
        assertThat(reply.get(1).value()).isNull();
        assertThat(reply.get(2).value()).isNull();
    }

    @Test
    void namedParametersInAnotherOrderKeepTheirOrdinals() {
        List<Token> reply = exchange(rpcMessage(call(
                "TestEcho",
                integer("@n", true, 1),
                nvarchar("@id", 88, "x"),
                bit("@flag", true, false),
                varbinary("@data", 7000, null))));
        assertThat(reply.get(1))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(0, "@n", 2);
        assertThat(reply.get(2))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(2, "@flag", true);
    }

    @Test
    void positionalParametersByNameAsJtdsSendsThem() {
        List<Token> reply = exchange(rpcMessage(call(
                "[dbo].[TestEcho]",
                nvarchar("", 88, "x"),
                varbinary("", 7000, new byte[0]),
                bit("", true, true),
                integer("", true, 9))));
        assertThat(reply.get(1))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(2, "", false);
        assertThat(reply.get(2))
                .extracting(Token::ordinal, Token::name, Token::value)
                .containsExactly(3, "", 10);
    }

    @Test
    void chainedCallsAreAnsweredInOrderWithDoneMoreBetween() {
        List<Token> reply =
                exchange(rpcMessage(dotNetEcho("@flag", true, "@n", 1), dotNetEcho("@flag", false, "@n", 100)));
        assertThat(ReplyTokens.types(reply))
                .containsExactly(
                        RETURNSTATUS,
                        RETURNVALUE,
                        RETURNVALUE,
                        DONEPROC,
                        RETURNSTATUS,
                        RETURNVALUE,
                        RETURNVALUE,
                        DONEPROC);
        assertThat(reply.get(2).value()).isEqualTo(2);
        assertThat(reply.get(3).status()).isEqualTo(DONE_MORE);
        assertThat(reply.get(6).value()).isEqualTo(101);
        assertThat(reply.get(7).status()).isZero();
    }

    @Test
    void unknownProcedureInAChainFailsAloneAndTheNextCallRuns() {
        List<Token> reply = exchange(rpcMessage(call("dbo.Missing"), dotNetEcho("@flag", true, "@n", 1)));
        assertThat(ReplyTokens.types(reply))
                .containsExactly(ERROR, DONEPROC, RETURNSTATUS, RETURNVALUE, RETURNVALUE, DONEPROC);
        assertThat(reply.get(0).number()).isEqualTo(2812);
        assertThat(reply.get(1).status()).isEqualTo(DONE_ERROR | DONE_MORE);
    }

    @Test
    void parameterTheProcedureDoesNotHaveIs8145() {
        List<Token> reply = exchange(rpcMessage(call("dbo.TestEcho", nvarchar("@nope", 88, "x"))));
        assertThat(ReplyTokens.types(reply)).containsExactly(ERROR, DONEPROC);
        assertThat(reply.get(0).number()).isEqualTo(8145);
    }

    @Test
    void executeOfAnUnknownHandleIs8179() {
        List<Token> reply = exchange(rpcMessage(callById(12, integer("", false, 99))));
        assertThat(reply.get(0).number()).isEqualTo(8179);
        assertThat(reply.get(1).status()).isEqualTo(DONE_ERROR);
    }

    @Test
    void duplicateKeyAnswersErrorInfoDoneInProcReturnStatusDoneProc() {
        try (RawTdsConnection connection = loggedIn()) {
            byte[] insert = singlePacket(RPC, rpcMessage(call("dbo.TestInsert", nvarchar("@id", 88, "k"))));
            connection.send(insert);
            assertThat(ReplyTokens.types(ReplyTokens.read(connection.readMessage())))
                    .containsExactly(RETURNSTATUS, DONEPROC);
            connection.send(insert);
            List<Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).containsExactly(ERROR, 0xAB, 0xFF, RETURNSTATUS, DONEPROC);
            assertThat(reply.get(0).number()).isEqualTo(2627);
            assertThat(reply.get(1).number()).isEqualTo(3621);
            assertThat(reply.get(2).status()).isEqualTo(DONE_MORE | DONE_ERROR);
        }
    }

    @Test
    void replyOfAProcedureThatCompletesLaterStillComesBeforeTheNextRequests() {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(concat(
                    singlePacket(RPC, rpcMessage(call("dbo.TestSlow", integer("@n", true, 1)))),
                    singlePacket(SQL_BATCH, sqlBatch("SELECT 1"))));
            List<Token> slow = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(slow)).containsExactly(RETURNSTATUS, RETURNVALUE, DONEPROC);
            assertThat(slow.get(1).value()).isEqualTo(2);
            byte[] select = connection.readMessage();
            assertThat(select[0] & 0xFF).isEqualTo(0x81); // COLMETADATA
        }
    }

    @Test
    void parameterOfATypeTheServerCannotReadClosesTheConnection() {
        try (RawTdsConnection connection = loggedIn()) {
            // MONEYN (0x6E) is not read, so nothing after it can be.
            connection.send(singlePacket(
                    RPC, rpcMessage(call("dbo.TestEcho", new byte[] {2, '@', 0, 'm', 0, 0, 0x6E, 8, 0}))));
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void prepExecReturnsTheHandleFirstThenExecuteUsesItUntilABatchUnpreparesIt() {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(singlePacket(RPC, rpcMessage(prepareAndExecuteEcho())));
            List<Token> prepared = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(prepared))
                    .containsExactly(RETURNSTATUS, RETURNVALUE, RETURNVALUE, RETURNVALUE, DONEPROC);
            assertThat(prepared.get(1)).extracting(Token::ordinal, Token::value).containsExactly(0, 1);
            // Unnamed values answer under their declared names, at their ordinals among all RPC parameters.
            assertThat(prepared.get(2))
                    .extracting(Token::ordinal, Token::name, Token::value)
                    .containsExactly(5, "@P2", false);
            assertThat(prepared.get(3))
                    .extracting(Token::ordinal, Token::name, Token::value)
                    .containsExactly(6, "@P3", 6);

            byte[] execute = singlePacket(
                    RPC,
                    rpcMessage(callById(
                            12,
                            integer("", false, 1),
                            nvarchar("", 88, "id"),
                            varbinary("", 7000, null),
                            bit("", true, false),
                            integer("", true, 7))));
            connection.send(execute);
            List<Token> executed = ReplyTokens.read(connection.readMessage());
            assertThat(executed.get(1)).extracting(Token::ordinal, Token::value).containsExactly(3, true);
            assertThat(executed.get(2)).extracting(Token::ordinal, Token::value).containsExactly(4, 8);

            connection.send(singlePacket(SQL_BATCH, sqlBatch("exec sp_unprepare 1;")));
            connection.readMessage();
            connection.send(execute);
            assertThat(ReplyTokens.read(connection.readMessage()).get(0).number())
                    .isEqualTo(8179);
        }
    }

    @Test
    void outputTheClientDeclaredAsAnotherTypeIs206() {
        // TestTypes sets @ver to a string; the client declared its variable int. (A call by name would answer in
        // the procedure's own char(10) instead.)
        List<Token> reply = exchange(rpcMessage(callById(
                10,
                nvarchar("", 4000, "EXEC dbo.TestTypes @name = @P0, @ver = @P1 OUT"),
                nvarchar("", 4000, "@P0 varchar(280),@P1 int OUTPUT"),
                nvarchar("", 280, "n"),
                integer("", true, null))));
        assertThat(ReplyTokens.types(reply)).containsExactly(ERROR, 0xAB, 0xFF, RETURNSTATUS, DONEPROC);
        assertThat(reply.get(0).number()).isEqualTo(206);
    }

    @Test
    void procedureThatThrowsIsAnErrorAndTheConnectionStaysUsable() {
        try (RawTdsConnection connection = loggedIn()) {
            // TestEcho reads @n as a number; a string makes it throw.
            connection.send(singlePacket(RPC, rpcMessage(call("dbo.TestEcho", nvarchar("@n", 10, "x")))));
            List<Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(reply.get(0).number()).isEqualTo(50000);
            connection.send(singlePacket(RPC, rpcMessage(dotNetEcho("@flag", true, "@n", 1))));
            assertThat(ReplyTokens.read(connection.readMessage()).get(2).value())
                    .isEqualTo(2);
        }
    }
}
