package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which batches are answered and which fail as syntax errors: edge cases as a table. */
class SqlBatchResponderTest {
    private static final int COLMETADATA = 0x81;
    private static final int DONE = 0xFD;
    private static final int ERROR = 0xAA;
    private static final int ENVCHANGE = 0xE3;

    private static ByteBuf respond(String batch) {
        LoginRequest login = new LoginRequest(0x74000004, 4096, "", "sa", "x", "", "", "", "", "");
        ByteBuf out = Unpooled.buffer();
        SqlBatchResponder.respond(batch, new TdsSession(login, "master"), out);
        return out;
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
        "EXEC sp_unprepare", "EXEC sp_unprepare x", "EXEC sp_unprepare 1, 2"})
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
