package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.sqlstate.SqlProcedureResult.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** TempGetVersion, GetMajorVersion and DeleteExpiredSessions. */
class SqlStateServerProceduresTest {

    @Test
    void tempGetVersionIsTheSchemaVersionAspNetRequires() {
        assertThat(new SqlStateServerProcedures().tempGetVersion()).isEqualTo("2");
    }

    @Test
    void getMajorVersionDefaultsToSqlServer2022() {
        assertThat(new SqlStateServerProcedures().getMajorVersion()).isEqualTo(16);
    }

    @ParameterizedTest(name = "configured {0} -> {0}")
    @ValueSource(ints = {8, 15, 17})
    void getMajorVersionIsTheConfiguredOne(int version) {
        assertThat(new SqlStateServerProcedures(version).getMajorVersion()).isEqualTo(version);
    }

    @Test
    void aMajorVersionBelow8IsRefusedWithAMessageNamingTheLimit() {
        assertThatThrownBy(() -> new SqlStateServerProcedures(7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 8")
                .hasMessageContaining("got 7");
    }

    @Test
    void deleteExpiredSessionsOnlyReturnsZero() {
        assertThat(new SqlStateServerProcedures().deleteExpiredSessions())
                .usingRecursiveComparison()
                .isEqualTo(new SqlProcedureResult(Status.OK, null, null, null, null, null, null, null));
    }
}
