package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ASP.NET Core's distributed SQL Server cache and {@code dotnet sql-cache create} through .NET's SqlClient (Mono
 * 6.8): src/test/dotnet/AspNetCoreCacheCalls.cs sends their statements (docs/spec/statements/aspnetcore-cache) with
 * their parameters, and a whole session's life, and prints what it observes.
 */
@Timeout(120)
class AspNetCoreCacheInteropTest {
    /** The session data's length and checksum as the program prints them. */
    private static final String SESSION = "35/";

    @RegisterExtension
    static final InProcessServer SERVER = new InProcessServer();

    private static Map<String, String> run(String schema, String table) throws IOException, InterruptedException {
        Path program = MonoProgram.compiled("AspNetCoreCacheCalls");
        return MonoProgram.runWithStatements(program, SERVER.tdsPort(), "aspnetcore-cache", schema, table);
    }

    @Test
    void theToolCreatesTheTableAndASessionLivesAsOnSqlServer() throws Exception {
        Map<String, String> observed = run("dbo", "SessionCache");

        assertThat(observed.get("tableExists")).isEqualTo("False");
        assertThat(observed.get("created")).isEqualTo("True");
        assertThat(observed.get("script")).isEqualTo("ok");
        assertThat(observed.get("load")).isEqualTo("null");
        assertThat(observed.get("read")).startsWith(SESSION);
        assertThat(observed.get("refreshed")).isEqualTo("1");
        assertThat(observed.get("afterRefresh"))
                .as("renewed by the refresh at minute 19")
                .startsWith(SESSION);
        assertThat(observed.get("idle"))
                .as("20 minutes and a second after the last read")
                .isEqualTo("null");
        assertThat(observed.get("removed")).isEqualTo("1");
        assertThat(observed.get("afterRemove")).isEqualTo("null");
        assertThat(observed.get("capped80"))
                .as("renewed to the absolute expiration")
                .startsWith(SESSION);
        assertThat(observed.get("capped150")).startsWith(SESSION);
        assertThat(observed.get("capped151")).isEqualTo("null");
        assertThat(observed.get("large")).startsWith("100000/");
        // "large" and "capped", expired at second 300 and 150 by the client's clock, still stored by the server's.
        assertThat(observed.get("deletedExpired")).isEqualTo("2");
    }

    @Test
    void aSchemaAndTableOfOddNamesWork() throws Exception {
        Map<String, String> observed = run("web]app", "Cache ]] 'x'");

        assertThat(observed.get("read")).startsWith(SESSION);
        assertThat(observed.get("idle")).isEqualTo("null");
    }
}
