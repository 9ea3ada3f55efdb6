package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FreeTDS's tsql, a real client sending text batches only, against serve's TDS listener: the statements that need
 * no T-SQL interpreter (ASP.NET's sysobjects probe, SELECT 1, USE), and a failing statement leaving tsql going.
 * The batches that declare variables and EXEC procedures are in {@link TsqlBatchInterpreterInteropTest}.
 */
@Timeout(120)
class TsqlInteropTest {
    private static final String PROBE = "Select name from sysobjects where type = 'P' and name = 'TempGetVersion'";

    @RegisterExtension
    static final InProcessServer SERVER = new InProcessServer();

    @Test
    void theSysobjectsProbeListsTempGetVersion() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", PROBE);

        assertThat(result.stdout()).containsExactly("name", "TempGetVersion");
        assertThat(result.stderr()).isEmpty();
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void theSysobjectsProbeListsNothingForAnotherName() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(
                SERVER.tdsPort(), "7.4", "Select name from sysobjects where type = 'P' and name = 'NoSuchProcedure'");

        assertThat(result.stdout()).as("the column header, no row").containsExactly("name");
        assertThat(result.stderr()).isEmpty();
    }

    @Test
    void selectOneReturnsOne() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", "SELECT 1");

        assertThat(result.stdout()).as("an unnamed column, one row").containsExactly("", "1");
        assertThat(result.stderr()).isEmpty();
    }

    @Test
    void useSwitchesTheDatabaseAndTheNextBatchRuns() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", "USE ASPState", "SELECT 1");

        assertThat(result.stdout()).containsExactly("", "1");
        assertThat(result.stderr()).isEmpty();
    }

    @Test
    void aStatementTheServerDoesNotRunIsASqlErrorAndTsqlGoesOn() throws Exception {
        BoundedProcess.Result result =
                TsqlClient.run(SERVER.tdsPort(), "7.4", "DROP TABLE ASPStateTempSessions", "SELECT 1");

        // 102 (syntax) or 2812 (no such procedure): either is how SQL Server refuses what it cannot run.
        assertThat(result.stderr()).containsPattern("Msg (102|2812) \\(severity 16");
        assertThat(result.stdout())
                .as("the next batch ran on the same connection")
                .containsExactly("", "1");
    }

    /** 7.1 is what FreeTDS falls back to; the server acknowledges 7.4 in every case, which FreeTDS then speaks. */
    @ParameterizedTest
    @ValueSource(strings = {"7.1", "7.2", "7.3", "7.4", "auto"})
    void tsqlAskingForAnyTds7VersionIsServed(String tdsVersion) throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), tdsVersion, PROBE, "SELECT 1");

        assertThat(result.stdout()).containsExactly("name", "TempGetVersion", "", "1");
        assertThat(result.stderr()).isEmpty();
        assertThat(result.exitCode()).isZero();
    }
}
