package aspstate.bench;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate-bench field FILE POINTER...}: values of a run's JSON for the bench scripts, one per line, by JSON
 * pointer (e.g. {@code /pagesPerSecond}, {@code /latencyMillis/request/p99_9}), so that no script parses JSON with
 * sed.
 */
@Command(
        name = "field",
        mixinStandardHelpOptions = true,
        description =
                "Prints values of a run's JSON report (from run --json), one per line.%n"
                        + "Example: java -jar bench/target/aspstate-bench.jar field run.json /pagesPerSecond /latencyMillis/page/p99%n")
final class FieldCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A report written by run --json.")
    private Path file;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "POINTER", description = "JSON pointers, e.g. /pages")
    private List<String> pointers;

    @Override
    public Integer call() {
        JsonNode report = ReportFile.read(spec, file);
        StringBuilder values = new StringBuilder();
        for (String pointer : pointers) {
            JsonNode value;
            try {
                value = report.at(JsonPointer.compile(pointer));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), pointer + ": not a JSON pointer (e.g. /pages)");
            }
            if (value.isMissingNode() || value.isContainerNode()) {
                throw new ParameterException(spec.commandLine(), file + " has no value at " + pointer);
            }
            values.append(value.asText()).append('\n');
        }
        spec.commandLine().getOut().print(values);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
