package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * .NET's SqlClient, the driver ASP.NET's SqlSessionStateStore runs on (Mono 6.8 ships the corefx implementation),
 * against serve: src/test/dotnet/AspNetSqlCalls.cs makes the store's calls (RPC by name, its parameter names,
 * types and sizes) and prints what it observes; compiled with mcs and run with mono in a subprocess.
 */
@Timeout(120)
class SqlClientInteropTest {
    /** 24 characters and the application's id in lower-case hex, as ASP.NET makes SQL session ids. */
    private static final String MISSING = "item=null long=null locked=null age=null cookie=null flags=null";

    private static Path program;

    @BeforeAll
    static void compile() throws IOException, InterruptedException {
        program = MonoProgram.compiled("AspNetSqlCalls");
    }

    private static Map<String, String> run(String connectionString) throws IOException, InterruptedException {
        return MonoProgram.run(program, connectionString);
    }

    @Test
    void aspNetCallSequenceUnencrypted() throws IOException, InterruptedException {
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"))) {
            assertAspNetSequence(run(connectionString(server) + ";Encrypt=false"));
        }
    }

    @Test
    void aspNetCallSequenceOverTls() throws IOException, InterruptedException {
        try (RunningServer server = RunningServer.start(
                CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--tds-tls", "self-signed"))) {
            assertAspNetSequence(run(connectionString(server) + ";Encrypt=true;TrustServerCertificate=true"));
        }
    }

    private static String connectionString(RunningServer server) {
        return "Data Source=127.0.0.1," + server.tdsAddress().orElseThrow().getPort() + ";User ID=web;Password=x";
    }

    static void assertAspNetSequence(Map<String, String> observed) {
        assertThat(observed.get("probe")).isEqualTo("TempGetVersion");
        assertThat(observed.get("appId")).isEqualTo("-855047175");
        assertThat(observed.get("missing")).isEqualTo(MISSING);
        assertThat(observed.get("new"))
                .startsWith("item=7/")
                .endsWith(" long=null locked=False age=0 cookie=2 flags=1");
        assertThat(observed.get("read"))
                .startsWith("item=300/")
                .endsWith(" long=null locked=False age=0 cookie=2 flags=0");
        String longItem = field(observed.get("long"), "long");
        assertThat(longItem).startsWith("10000/");
        assertThat(observed.get("long"))
                .isEqualTo("item=null long=" + longItem + " locked=False age=0 cookie=4 flags=0");
        // The lock was taken a moment before: DATEDIFF(second, ...) says 0, or 1 if a second boundary fell between.
        assertThat(observed.get("polled"))
                .isIn(
                        "item=null long=null locked=True age=0 cookie=4 flags=0",
                        "item=null long=null locked=True age=1 cookie=4 flags=0");
        assertThat(observed.get("released"))
                .isEqualTo("item=null long=" + longItem + " locked=False age=0 cookie=4 flags=0");
        assertThat(observed.get("duplicate")).isEqualTo("2627");
        assertThat(observed.get("removed")).isEqualTo(MISSING);
        assertThat(observed.get("reused")).isEqualTo("1");
    }

    private static String field(String observation, String name) {
        for (String part : observation.split(" ")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        throw new AssertionError(name + " not in " + observation);
    }
}
