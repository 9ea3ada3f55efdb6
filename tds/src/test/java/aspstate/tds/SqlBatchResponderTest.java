package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which batches are answered and which fail as syntax errors: edge cases as a table. */
class SqlBatchResponderTest {
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
        SqlBatchResponder.respond(batch, new TdsSession(login, "master"), CATALOG, out);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Select name from sysobjects where type = 'P' and name = 'TempGetVersion'",
        "SELECT NAME FROM SYSOBJECTS WHERE TYPE='P' AND NAME=N'tempgetversion';",
        "select name\n  from dbo.sysobjects\n where name = 'TempGetVersion' and type = 'P '"})
    void sysobjectsQueryListsAServedProcedure(String batch) {
        assertRowCount(respond(batch), 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Select name from sysobjects where type = 'P' and name = 'TempGetStateItem3'",
        "Select name from sysobjects where type = 'P' and name = 'dbo.TempGetVersion'",
        "Select name from sysobjects where type = 'P' and name = 'It''s'"})
    void sysobjectsQueryListsNothingElse(String batch) {
        assertRowCount(respond(batch), 0);
    }

    private static void assertRowCount(ByteBuf out, long rows) {
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) COLMETADATA);
        int done = out.writerIndex() - 13;
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x10);
        assertThat(out.getLongLE(done + 5)).isEqualTo(rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1", "select 1", "  Select\t1 ;", "\nSELECT\n1\n", "SELECT 1;;"})
    void selectOneAnswersOneRow(String batch) {
        ByteBuf out = respond(batch);
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) COLMETADATA);
        // The last token is the final DONE with a row count of 1.
        int done = out.writerIndex() - 13;
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x10);
        assertThat(out.getLongLE(done + 5)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ; ", "SET ANSI_NULLS ON", "set ansi_nulls on\nset ansi_padding on\nset xact_abort off",
        "SET TEXTSIZE 2147483647", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED", "SET NOCOUNT, XACT_ABORT ON",
        "set language us_english; set dateformat mdy", "EXEC sp_unprepare 5", "exec sp_unprepare 5;",
        "EXEC sp_unprepare 1; exec sys.sp_unprepare 2; SET ANSI_NULLS ON"})
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
    @ValueSource(strings = {"SELECT 2", "SELECT 1 FROM t", "SELECT @@VERSION", "EXEC dbo.Proc", "SET @x = 1",
        "USE", "DROP TABLE x", "SELECT 1; DROP TABLE x", "SET ANSI_NULLS ON; select * from t",
        "EXEC sp_unprepare", "EXEC sp_unprepare x", "EXEC sp_unprepare 1, 2",
        "Select name from sysobjects where type = 'U' and name = 'TempGetVersion'",
        "Select name from sysobjects where name = 'TempGetVersion'",
        "Select name from sysobjects where type = 'P' and name = 'TempGetVersion' or 1 = 1",
        "Select name from sysobjects where type = 'P' and name = 'TempGetVersion"})
    void anythingElseFailsAsASyntaxErrorAndRunsNothing(String batch) {
        assertSyntaxError(respond(batch));
    }

    @Test
    void useOfANameLongerThanAnIdentifierIsASyntaxError() {
        assertSyntaxError(respond("USE [" + "d".repeat(129) + "]"));
    }

    private static void assertSyntaxError(ByteBuf out) {
        assertThat(out.getUnsignedByte(0)).isEqualTo((short) ERROR);
        assertThat(out.getIntLE(3)).isEqualTo(102);
        int done = out.writerIndex() - 13;
        assertThat(out.getUnsignedByte(done)).isEqualTo((short) DONE);
        assertThat(out.getUnsignedShortLE(done + 1)).isEqualTo(0x02);
    }
}
