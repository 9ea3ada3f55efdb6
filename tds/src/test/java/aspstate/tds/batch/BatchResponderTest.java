package aspstate.tds.batch;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.session.TdsSession;
import aspstate.tds.statement.StatementCatalog;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which batches are answered how, and which fail before anything runs: edge cases as a table, on the tokens. The
 * batches that call procedures are tested through real clients (BatchJdbcTest).
 */
class BatchResponderTest {
    private static final int COLMETADATA = 0x81;
    private static final int DONE = 0xFD;
    private static final int ERROR = 0xAA;
    private static final int ENVCHANGE = 0xE3;

    /** The sysobjects query finds only the names the catalog serves; this one serves TempGetVersion. */
    private static final ProcedureCatalog CATALOG = new ProcedureCatalog(List.of(new Procedure() {
        @Override
        public String name() {
            return "TempGetVersion";
        }

        @Override
        public List<ProcedureParameter> parameters() {
            return List.of(ProcedureParameter.output("@ver", DeclaredType.fixedChar(10)));
        }

        @Override
        public CompletionStage<ProcedureResult> call(ProcedureCall call) {
            throw new AssertionError("a batch never calls a procedure");
        }
    }));

    private static ByteBuf respond(String batch) {
        LoginRequest login = new LoginRequest(0x74000004, 4096, "", "sa", "x", "", "", "", "", "");
        ByteBuf out = Unpooled.buffer();
        CompletableFuture<Void> written = BatchResponder.respond(
                        batch, new TdsSession(login, 51, "master"), CATALOG, StatementCatalog.NONE, out)
                .toCompletableFuture();
        assertThat(written).isDone();
        return out;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Select name from sysobjects where type = 'P' and name = 'TempGetVersion'",
                "SELECT NAME FROM SYSOBJECTS WHERE TYPE='P' AND NAME=N'tempgetversion';",
                "select name\n  from dbo.sysobjects\n where name = 'TempGetVersion' and type = 'P '",
                "Select name from sysobjects where name = 'TempGetVersion'",
                "select name from sys.sysobjects"
            })
    void sysobjectsQueryListsAServedProcedure(String batch) {
        assertRowCount(respond(batch), 1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Select name from sysobjects where type = 'P' and name = 'TempGetStateItem3'",
                "Select name from sysobjects where type = 'P' and name = 'dbo.TempGetVersion'",
                "Select name from sysobjects where type = 'P' and name = 'It''s'",
                "Select name from sysobjects where type = 'U' and name = 'TempGetVersion'"
            })
    void sysobjectsQueryListsNothingElse(String batch) {
        assertRowCount(respond(batch), 0);
    }

    private static void assertRowCount(ByteBuf out, long rows) {
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) COLMETADATA);
        assertRowCountAtTheEnd(out, rows);
    }

    /** The last token is the final DONE with a row count. */
    private static void assertRowCountAtTheEnd(ByteBuf out, long rows) {
        int done = out.writerIndex() - 13;
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x10);
        assertThat(out.getLongLE(done + 5)).isEqualTo(rows);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ; ",
                "SET ANSI_NULLS ON",
                "set ansi_nulls on\nset ansi_padding on\nset xact_abort off",
                "SET TEXTSIZE 2147483647",
                "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET NOCOUNT, XACT_ABORT ON",
                "set language us_english; set dateformat mdy",
                "EXEC sp_unprepare 5",
                "exec sp_unprepare 5;",
                "EXEC sp_unprepare 1; exec sys.sp_unprepare 2; SET ANSI_NULLS ON"
            })
    void optionsAnswerOnlyDone(String batch) {
        ByteBuf out = respond(batch);
        assertThat(out.readableBytes()).isEqualTo(13);
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(1)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"USE ASPState", "use [ASPState]", "SET ANSI_NULLS ON; USE ASPState"})
    void useChangesTheDatabase(String batch) {
        ByteBuf out = respond(batch);
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) ENVCHANGE);
        assertThat(out.getUnsignedByte(out.writerIndex() - 13)).isEqualTo((short) DONE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1 FROM t",
                "SELECT * FROM t",
                "USE",
                "DROP TABLE x",
                "SELECT 1; DROP TABLE x",
                "SET ANSI_NULLS ON; select * from t",
                "SET @x",
                "SET ANSI_NULLS = 1",
                "DECLARE x int",
                "DECLARE @@x int",
                "DECLARE @x varchar(0)",
                "SELECT 1.5",
                "SELECT 'a' + 'b'",
                "IF @@TRANCOUNT > 1 COMMIT",
                "IF @@ERROR > 0 COMMIT",
                "IF @@TRANCOUNT > 0 SELECT 1",
                "BEGIN TRAN",
                "EXEC dbo.Proc @x =",
                "SELECT N'unclosed",
                "Select name from sysobjects where name = 'TempGetVersion' or 1 = 1",
                "Select name from sysobjects where type = 'P' and name = 'TempGetVersion"
            })
    void anythingElseFailsAsASyntaxErrorAndRunsNothing(String batch) {
        assertFailsBeforeRunning(respond(batch), 102);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT @x|137",
                "SET @x = 1|137",
                "DECLARE @x int; SELECT @y|137",
                "SELECT @@NOSUCH|137",
                "SELECT @x; DECLARE @x int|137",
                "DECLARE @x int, @X bit|134",
                "DECLARE @x money|2715",
                "DECLARE @x nvarchar(4001)|131",
                "DECLARE @x varbinary(8001)|131",
                "EXEC dbo.Proc 1 OUTPUT|179",
                "DECLARE @x int = @x|137",
                "EXEC @r = dbo.Proc|137",
                "SELECT 99999999999999999999|8115"
            })
    void variableErrorsFailBeforeAnythingRuns(String batch, int number) {
        assertFailsBeforeRunning(respond("SET NOCOUNT ON; " + batch), number);
    }

    /** SELECT 1's answer, then the error and a DONE with the error bit, and nothing of the SELECT after it. */
    @Test
    void aConversionErrorEndsTheBatchWhereItHappens() {
        int selectOne = respond("SELECT 1").writerIndex();
        ByteBuf out = respond("SELECT 1; DECLARE @x int = 'abc'; SELECT 2");
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) COLMETADATA);
        assertThat(out.getUnsignedByte(selectOne)).isEqualTo((short) ERROR);
        assertThat(out.getIntLE(selectOne + 3)).isEqualTo(245);
        int done = selectOne + 3 + out.getUnsignedShortLE(selectOne + 1);
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x02);
        assertThat(out.writerIndex()).isEqualTo(done + 13);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1",
                "select 1",
                "  Select\t1 ;",
                "\nSELECT\n1\n",
                "SELECT 1;;",
                "SELECT @@VERSION",
                "DECLARE @x int = 5; SELECT @x AS x",
                "SET NOCOUNT ON\nDECLARE @x nvarchar(10)\nSET @x = N'a'\nSELECT @x, 1 'one', 0x01 [bytes]"
            })
    void selectAnswersOneRow(String batch) {
        ByteBuf out = respond(batch);
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) COLMETADATA);
        assertRowCountAtTheEnd(out, 1);
    }

    @Test
    void useOfANameLongerThanAnIdentifierIsASyntaxError() {
        assertFailsBeforeRunning(respond("USE [" + "d".repeat(129) + "]"), 102);
    }

    private static void assertFailsBeforeRunning(ByteBuf out, int number) {
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) ERROR);
        assertThat(out.getIntLE(3)).isEqualTo(number);
        int done = out.writerIndex() - 13;
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x02);
    }
}
