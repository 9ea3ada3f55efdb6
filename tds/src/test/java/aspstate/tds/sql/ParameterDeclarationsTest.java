package aspstate.tds.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.ParameterDeclarations.Declaration;
import org.junit.jupiter.api.Test;

class ParameterDeclarationsTest {
    @Test
    void mssqlJdbcDeclarations() {
        assertThat(ParameterDeclarations.parse(
                        "@P0 int OUTPUT,@P1 nvarchar(4000),@P2 varbinary(max),@P3 decimal(18, 2),@P4 bit OUT"))
                .containsExactly(
                        new Declaration("@P0", true),
                        new Declaration("@P1", false),
                        new Declaration("@P2", false),
                        new Declaration("@P3", false),
                        new Declaration("@P4", true));
    }

    @Test
    void noDeclarations() {
        assertThat(ParameterDeclarations.parse(null)).isEmpty();
        assertThat(ParameterDeclarations.parse(" ")).isEmpty();
    }

    @Test
    void malformedDeclarationsAreSyntaxErrors() {
        assertThatThrownBy(() -> ParameterDeclarations.parse("@P0 int OUTPUT @P1 int"))
                .isInstanceOf(SqlException.class)
                .hasMessageContaining("'@P1' at character 16");
        assertThatThrownBy(() -> ParameterDeclarations.parse("@P0 nvarchar(4000"))
                .isInstanceOf(SqlException.class)
                .hasMessageContaining("expected ')'");
        assertThatThrownBy(() -> ParameterDeclarations.parse("P0 int"))
                .isInstanceOf(SqlException.class)
                .hasMessageContaining("'P0' at character 1");
    }
}
