package aspstate.tds.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The catalog names each error number once, and every error this server raises carries SQL Server's fields. */
class SqlErrorsTest {

    @Test
    void eachErrorNumberIsDefinedOnce() throws IllegalAccessException {
        List<Integer> numbers = new ArrayList<>();
        for (Field field : SqlErrors.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())
                    && field.getType() == int.class
                    && !field.getName().endsWith("SEVERITY")) {
                field.setAccessible(true);
                numbers.add(field.getInt(null));
            }
        }
        assertThat(numbers).hasSizeGreaterThan(20).doesNotHaveDuplicates();
    }

    @Test
    void anExceptionCarriesItsErrorWithoutAStackTrace() {
        SqlException syntax = SqlException.syntax("FROM", 8, "a name");
        assertThat(syntax.error())
                .isEqualTo(new SqlError(
                        SqlErrors.INCORRECT_SYNTAX,
                        1,
                        SqlErrors.USER_ERROR_SEVERITY,
                        "Incorrect syntax near 'FROM' at character 8: expected a name."));
        assertThat(syntax.getMessage()).isEqualTo(syntax.error().message());
        assertThat(syntax.getStackTrace()).isEmpty();
    }
}
