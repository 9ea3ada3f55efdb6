package aspstate.bench;

import aspstate.core.FileErrors;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** A run's JSON report (run --json) read back by a command: a file that is not one is the user's error. */
final class ReportFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportFile() {}

    static JsonNode read(CommandSpec spec, Path file) {
        // Through NIO, whose exceptions say why a file cannot be read (java.io's carry it only in their message).
        try (InputStream in = Files.newInputStream(file)) {
            return JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new ParameterException(
                    spec.commandLine(), file + ": not a JSON report (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), file + ": cannot read it: " + FileErrors.reason(e, file));
        }
    }
}
