package aspstate.tds.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {
    private static List<String> shown(String text) {
        return SqlLexer.tokens(text).stream()
                .filter(token -> !token.is(Kind.END))
                .map(SqlToken::shown)
                .toList();
    }

    /** Regression: a name with ']' inside, as SqlClient-based libraries delimit it ([a]]b]), ended at the first ']'. */
    @Test
    void aDoubledClosingCharacterInsideADelimitedNameStandsForItself() {
        List<SqlToken> tokens = SqlLexer.tokens("[dbo].[odd]]name] \"quoted \"\"x\"\"\"");

        assertThat(tokens.get(2).text()).isEqualTo("odd]name");
        assertThat(tokens.get(2).shown()).isEqualTo("[odd]]name]");
        assertThat(tokens.get(3)).isEqualTo(new SqlToken(Kind.QUOTED_NAME, "quoted \"x\"", 19));
    }

    /** Regression: T-SQL's block comments nest; the text after an inner comment's end was read as code. */
    @Test
    void blockCommentsNest() {
        assertThat(shown("SELECT /* outer /* inner */ still a comment */ 1 -- to the line's end\n, 2"))
                .containsExactly("SELECT", "1", ",", "2");
    }

    @Test
    void operatorsAreTokensOfOneCharacter() {
        assertThat(shown("Flags & ~1 <> 0 * 2 + a/b % c != d | e ^ f"))
                .containsExactly(
                        "Flags", "&", "~", "1", "<", ">", "0", "*", "2", "+", "a", "/", "b", "%", "c", "!", "=", "d",
                        "|", "e", "^", "f");
    }

    @Test
    void unclosedDelimitersAreSyntaxErrorsAtTheirStart() {
        assertThatThrownBy(() -> SqlLexer.tokens("SELECT [open"))
                .isInstanceOf(SqlException.class)
                .hasMessageContaining("at character 8");
        assertThatThrownBy(() -> SqlLexer.tokens("SELECT 'it''s"))
                .isInstanceOf(SqlException.class)
                .hasMessageContaining("a quote to close the string");
    }
}
