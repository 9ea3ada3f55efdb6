package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A C# program of src/test/dotnet run through Mono (whose System.Data is .NET's corefx SqlClient): compiled with mcs,
 * run in a subprocess with the arguments given, and read back from the "name=value" lines it prints, one per
 * observation.
 */
final class MonoProgram {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private MonoProgram() {}

    /**
     * src/test/dotnet/{@code name}.cs with what the programs share (Observations.cs), compiled into
     * target/dotnet/{@code name}.exe.
     */
    static Path compiled(String name) throws IOException, InterruptedException {
        Path out = Files.createDirectories(Path.of("target", "dotnet")).resolve(name + ".exe");
        BoundedProcess.Result compiled = BoundedProcess.run(
                List.of(
                        InteropClients.mcs().toString(),
                        "-r:System.Data.dll",
                        "-out:" + out,
                        "src/test/dotnet/" + name + ".cs",
                        "src/test/dotnet/Observations.cs"),
                Map.of(),
                "",
                LIMIT);
        assertThat(compiled.exitCode())
                .as("mcs: %s %s", compiled.stdout(), compiled.stderr())
                .isZero();
        return out;
    }

    /**
     * Runs the compiled program against the server's TDS port with the spec's statement texts of {@code statements}
     * (a folder of docs/spec/statements) and these further arguments; what it observed, by name, in order.
     */
    static Map<String, String> runWithStatements(Path program, int tdsPort, String statements, String... arguments)
            throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of(
                "Data Source=127.0.0.1," + tdsPort + ";User ID=web;Password=x;Encrypt=false",
                Path.of("..", "docs", "spec", "statements", statements).toString()));
        all.addAll(List.of(arguments));
        return run(program, all.toArray(String[]::new));
    }

    /** Runs the compiled program with these arguments; what it observed, by name, in order. */
    static Map<String, String> run(Path program, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(InteropClients.mono().toString(), program.toString()));
        command.addAll(List.of(arguments));
        BoundedProcess.Result result = BoundedProcess.run(command, Map.of(), "", LIMIT);
        assertThat(result.exitCode())
                .as("%s: %s %s", program.getFileName(), result.stdout(), result.stderr())
                .isZero();
        Map<String, String> observed = new LinkedHashMap<>();
        for (String line : result.stdout()) {
            int equals = line.indexOf('=');
            observed.put(line.substring(0, equals), line.substring(equals + 1));
        }
        return observed;
    }
}
