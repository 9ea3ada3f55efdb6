package aspstate.tds.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.sql.ExecStatement.Argument;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The EXEC forms drivers send through sp_executesql, and where parsing stops for anything else. */
class ExecStatementTest {
    @Test
    void mssqlJdbcCallWithoutReturnValue() {
        ExecStatement exec = ExecStatement.parse("EXEC dbo.TestEcho  @P0 ,  @P1 ,  @P2  OUT,  @P3  OUT");
        assertThat(exec.returnVariable()).isNull();
        assertThat(exec.procedureName()).isEqualTo("dbo.TestEcho");
        assertThat(exec.arguments()).containsExactly(new Argument(null, "@P0", false), new Argument(null, "@P1", false),
                new Argument(null, "@P2", true), new Argument(null, "@P3", true));
    }

    @Test
    void mssqlJdbcCallWithReturnValue() {
        ExecStatement exec = ExecStatement.parse("EXEC @P0 = [ASPState].[dbo].[TempGetVersion] @P1 OUTPUT;");
        assertThat(exec.returnVariable()).isEqualTo("@P0");
        assertThat(exec.procedureName()).isEqualTo("ASPState.dbo.TempGetVersion");
        assertThat(exec.arguments()).containsExactly(new Argument(null, "@P1", true));
    }

    @Test
    void namedArgumentsCommentsAndNoArguments() {
        ExecStatement named = ExecStatement.parse("execute Proc @id = @P0, -- the id\n @ver=@P1 out /* done */");
        assertThat(named.arguments()).containsExactly(new Argument("@id", "@P0", false),
                new Argument("@ver", "@P1", true));
        assertThat(ExecStatement.parse("EXEC dbo.DeleteExpiredSessions").arguments()).isEqualTo(List.of());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT 1|SELECT|1",
        "EXEC dbo.Proc N'x'|'x'|15",
        "EXEC dbo.Proc 5|5|15",
        "EXEC dbo.Proc @P0 @P1|@P1|19",
        "EXEC a.b.c.d|.|11",
        "EXEC @P0 dbo.Proc|dbo|10",
        "EXEC|EXEC|5",
        "EXEC dbo.Proc @P0,|,|19",
        "EXEC [dbo.Proc|[dbo.Proc|6"})
    void anythingElseIsASyntaxErrorAtItsPosition(String text, String near, int position) {
        assertThatThrownBy(() -> ExecStatement.parse(text))
                .isInstanceOfSatisfying(SqlSyntaxException.class, e -> {
                    assertThat(e.near()).isEqualTo(near);
                    assertThat(e.position()).isEqualTo(position);
                })
                .hasMessageStartingWith("Incorrect syntax near '" + near + "' at character " + position);
    }
}
