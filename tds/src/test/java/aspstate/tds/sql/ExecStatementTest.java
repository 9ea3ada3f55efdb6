package aspstate.tds.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.error.SqlException;
import java.util.Arrays;
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
        assertThat(shapes(exec)).containsExactly("@P0", "@P1", "@P2 OUT", "@P3 OUT");
    }

    @Test
    void mssqlJdbcCallWithReturnValue() {
        ExecStatement exec = ExecStatement.parse("EXEC @P0 = [ASPState].[dbo].[TempGetVersion] @P1 OUTPUT;");
        assertThat(exec.returnVariable()).isEqualTo("@P0");
        assertThat(exec.procedureName()).isEqualTo("ASPState.dbo.TempGetVersion");
        assertThat(shapes(exec)).containsExactly("@P1 OUT");
    }

    @Test
    void namedArgumentsCommentsAndNoArguments() {
        ExecStatement named = ExecStatement.parse("execute Proc @id = @P0, -- the id\n @ver=@P1 out /* done */");
        assertThat(shapes(named)).containsExactly("@id=@P0", "@ver=@P1 OUT");
        assertThat(ExecStatement.parse("EXEC dbo.DeleteExpiredSessions").arguments())
                .isEqualTo(List.of());
    }

    /** FreeTDS tsql users write values into the call. */
    @Test
    void literalsAsArguments() {
        ExecStatement exec = ExecStatement.parse("EXEC dbo.TempGetAppID N'/lm/w3svc/1/root', @appId = @x OUTPUT");
        assertThat(shapes(exec)).containsExactly("'/lm/w3svc/1/root'", "@appId=@x OUT");
        Expression.Literal literal =
                (Expression.Literal) exec.arguments().get(0).value();
        assertThat(literal.value().type()).hasToString("nvarchar(16)");
        assertThat(shapes(ExecStatement.parse("EXEC p 5, -3, 0x0102, 'a', NULL, dbo, [x y]")))
                .containsExactly("5", "-3", "[1, 2]", "'a'", "null", "'dbo'", "'x y'");
    }

    /** Each argument as {@code [@param=]value[ OUT]}, literals by their value. */
    private static List<String> shapes(ExecStatement exec) {
        return exec.arguments().stream()
                .map(argument -> (argument.parameter() == null ? "" : argument.parameter() + "=")
                        + shown(argument.value())
                        + (argument.output() ? " OUT" : ""))
                .toList();
    }

    private static String shown(Expression value) {
        if (value instanceof Expression.Variable variable) {
            return variable.name();
        }
        Object literal = ((Expression.Literal) value).value().value();
        return literal instanceof String text
                ? "'" + text + "'"
                : literal instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(literal);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "SELECT 1|SELECT|1",
                "EXEC dbo.Proc N'x' N'y'|N'y'|20",
                "EXEC dbo.Proc x y|y|17",
                "EXEC dbo.Proc @P0 @P1|@P1|19",
                "EXEC a.b.c.d|.|11",
                "EXEC @P0 dbo.Proc|dbo|10",
                "EXEC|EXEC|5",
                "EXEC dbo.Proc @P0,|,|19",
                "EXEC [dbo.Proc|[dbo.Proc|6"
            })
    void anythingElseIsASyntaxErrorAtItsPosition(String text, String near, int position) {
        assertThatThrownBy(() -> ExecStatement.parse(text))
                .isInstanceOfSatisfying(
                        SqlException.class, e -> assertThat(e.number()).isEqualTo(102))
                .hasMessageStartingWith("Incorrect syntax near '" + near + "' at character " + position);
    }
}
