package aspstate.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** A run's JSON report (run --json) read back by a command: a file that is not one is the user's error. */
final class ReportFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportFile() {
    }

    static JsonNode read(CommandSpec spec, Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), file + ": not a readable JSON report (" + e.getMessage()
                    + ")");
        }
    }
}
