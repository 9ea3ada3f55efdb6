package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Microsoft's SqlSessionStateProviderAsync in each repositoryType through .NET's SqlClient (Mono 6.8):
 * src/test/dotnet/AsyncProviderCalls.cs sends its start-up batches and calls its procedures as it does, through a
 * session's lock flow (a new session, a second request meeting its lock, the write that releases it, its end).
 */
@Timeout(120)
class AsyncProviderInteropTest {
    private static final String MISSING = "item=null locked=null age=null cookie=null flags=null";

    @RegisterExtension
    static final InProcessServer SERVER = new InProcessServer();

    private static Path program;

    @BeforeAll
    static void compile() throws IOException, InterruptedException {
        program = MonoProgram.compiled("AsyncProviderCalls");
    }

    private static Map<String, String> run(String repositoryType, String tableName)
            throws IOException, InterruptedException {
        return MonoProgram.runWithStatements(program, SERVER.tdsPort(), "async-provider", repositoryType, tableName);
    }

    @Test
    void frameworkCompatFindsAspnetRegsqlTablesAndSharesItsSessionsWithClassicAspNet() throws Exception {
        Map<String, String> observed = run("FrameworkCompat", "");

        assertThat(observed.get("tableType")).isEqualTo("2");
        assertThat(observed.get("memoryOptimized")).isEqualTo("0");
        assertLockFlow(observed, MISSING);
        assertThat(observed.get("classic"))
                .as("classic ASP.NET reads what the async provider wrote")
                .isEqualTo("item=" + field(observed.get("read"), "item"));
    }

    /** repositoryType, sessionTableName ("" for the default), what an exclusive get of no session answers. */
    @ParameterizedTest
    @CsvSource({
        "SqlServer, '', " + MISSING,
        "SqlServer, MySessions, " + MISSING,
        "InMemory, '', item=null locked=null age=null cookie=null flags=0",
        "InMemoryDurable, '', item=null locked=null age=null cookie=null flags=0",
        "InMemory, MyMemorySessions, " + MISSING
    })
    void itsOwnTableAndProceduresAreServed(String repositoryType, String tableName, String missing) throws Exception {
        Map<String, String> observed = run(repositoryType, tableName);

        assertThat(observed.get("existing"))
                .as("every procedure exists as soon as it is named")
                .isEqualTo("9");
        assertThat(observed.get("defined")).isEqualTo("9");
        assertLockFlow(observed, missing);
    }

    private static void assertLockFlow(Map<String, String> observed, String missing) {
        assertThat(observed.get("missing")).isEqualTo(missing);
        assertThat(observed.get("new"))
                .isEqualTo("item=7/" + checksum(new byte[] {20, 0, 0, 0, 0, 0, (byte) 0xFF})
                        + " locked=False age=0 cookie=2 flags=1");
        // The lock was taken a moment before: DATEDIFF(second, ...) says 0, or 1 if a second boundary fell between.
        assertThat(observed.get("second"))
                .isIn("item=null locked=True age=0 cookie=2 flags=0", "item=null locked=True age=1 cookie=2 flags=0");
        String item = field(observed.get("read"), "item");
        assertThat(item).startsWith("300/");
        assertThat(observed.get("read")).isEqualTo("item=" + item + " locked=False age=0 cookie=2 flags=0");
        assertThat(observed.get("released")).isEqualTo("item=" + item + " locked=False age=0 cookie=3 flags=0");
        assertThat(observed.get("duplicate")).isEqualTo("2627");
        assertThat(observed.get("removed")).isEqualTo(MISSING);
        assertThat(observed.get("deletedExpired")).isEqualTo("ok");
    }

    private static String field(String observation, String name) {
        for (String part : observation.split(" ")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        throw new AssertionError(name + " not in " + observation);
    }

    /** As the program's Describe sums bytes. */
    private static int checksum(byte[] bytes) {
        int sum = 0;
        for (byte b : bytes) {
            sum = sum * 31 + (b & 0xFF);
        }
        return sum;
    }
}
