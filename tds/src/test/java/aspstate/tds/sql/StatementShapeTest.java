package aspstate.tds.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementShapeTest {
    private static final StatementShape DELETE = StatementShape.of("DELETE FROM {table} WHERE Id = @Id");

    private static Optional<ShapeMatch> match(StatementShape shape, String text) {
        return ShapeText.of(text).flatMap(shape::match);
    }

    @Test
    void keywordsNamesAndVariablesAsAnyClientSpellsThem() {
        ShapeMatch match = match(DELETE, "delete   from [dbo].[Session Cache]\n where [ID]=@key -- comment\n;")
                .orElseThrow();

        assertThat(match.name("table")).containsExactly("dbo", "Session Cache");
        assertThat(match.variables("@Id")).containsExactly("@key");
        assertThat(match.variables("@ID")).as("variables compare without case").containsExactly("@key");
    }

    @Test
    void anythingElseIsNotThisShape() {
        assertThat(match(DELETE, "DELETE FROM t WHERE Id = @Id AND 1 = 1")).isEmpty();
        assertThat(match(DELETE, "DELETE FROM t WHERE Id = 'x'")).isEmpty();
        assertThat(match(DELETE, "DELETE FROM t WHERE Id = @@SPID")).isEmpty();
        assertThat(match(DELETE, "DELETE FROM WHERE Id = @Id")).isEmpty();
        assertThat(match(DELETE, "DELETE FROM a.b.c.d WHERE Id = @Id"))
                .as("four parts name no table")
                .isEmpty();
        assertThat(match(DELETE, "DELETE FROM t WHERE Id = @Id '"))
                .as("not even tokens")
                .isEmpty();
        assertThat(match(DELETE, "")).isEmpty();
    }

    @Test
    void aPlaceholderRepeatedMustBeFilledAlikeButAVariableMayBeOnePerUse() {
        StatementShape shape =
                StatementShape.of("UPDATE {table} SET x = @Now WHERE {'a'} = {'a'} AND y = @Now " + "DELETE {table}");

        assertThat(match(shape, "UPDATE T SET x = @n WHERE 'A' = N'a' AND y = @n DELETE t"))
                .isPresent();
        assertThat(match(shape, "UPDATE t SET x = @n WHERE 'a' = 'b' AND y = @n DELETE t"))
                .isEmpty();
        assertThat(match(shape, "UPDATE t SET x = @n WHERE 'a' = 'a' AND y = @n DELETE u"))
                .isEmpty();
        assertThat(match(shape, "UPDATE t SET x = @P0 WHERE 'a' = 'a' AND y = @P1 DELETE t")
                        .orElseThrow()
                        .variables("@now"))
                .containsExactly("@P0", "@P1");
    }

    @Test
    void literalsAndNumbersMustBeTheTemplatesButStringsIgnoreCaseAndN() {
        StatementShape shape = StatementShape.of("SELECT COUNT(*) FROM x WHERE t = 'PROCEDURE' AND n = 2");

        assertThat(match(shape, "select count ( * ) from X where T = N'procedure' and N = 2"))
                .isPresent();
        assertThat(match(shape, "SELECT COUNT(*) FROM x WHERE t = 'FUNCTION' AND n = 2"))
                .isEmpty();
        assertThat(match(shape, "SELECT COUNT(*) FROM x WHERE t = 'PROCEDURE' AND n = 3"))
                .isEmpty();
    }

    @Test
    void shapesAreFiledUnderTheirFirstWord() {
        assertThat(DELETE.firstWord()).isEqualTo("DELETE");
        assertThat(StatementShape.of("{table}").firstWord()).isEmpty();
        assertThat(ShapeText.of(" /* c */ update t").orElseThrow().firstWord()).isEqualTo("UPDATE");
        assertThat(ShapeText.of("@x").orElseThrow().firstWord()).isEmpty();
    }

    @Test
    void aTemplateMustBeWellFormed() {
        assertThatThrownBy(() -> StatementShape.of("DELETE {table")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StatementShape.of("  ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> match(DELETE, "DELETE FROM t WHERE Id = @Id")
                        .orElseThrow()
                        .name("other"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
