package aspstate.bench;

import aspstate.core.FileErrors;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate-bench chart --out FILE.svg SYSTEM=RUN.json,RUN.json... ...}: draws the runs of a rate sweep
 * (bench/sweep.sh) as latency against achieved throughput, one line per system.
 */
@Command(
        name = "chart",
        mixinStandardHelpOptions = true,
        description = "Draws runs (from run --json) as request latency against achieved pages/s, as SVG.%n"
                + "Example: java -jar bench/target/aspstate-bench.jar chart --out sweep.svg \\%n"
                + "    aspstate=a1.json,a2.json redis=r1.json,r2.json%n")
final class ChartCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--out", required = true, description = "the SVG file to write")
    private Path out;

    @Option(names = "--title", defaultValue = "Request latency against throughput", description = "the chart's title")
    private String title;

    @Option(
            names = "--percentile",
            defaultValue = "p99",
            description = "which request latency: p50, p99, p99_9 or max (default: ${DEFAULT-VALUE})")
    private String percentile;

    @Parameters(arity = "1..*", paramLabel = "SYSTEM=RUN.json,...", description = "one line of the chart per system")
    private List<String> systems;

    @Override
    public Integer call() {
        if (!List.of("p50", "p99", "p99_9", "max").contains(percentile)) {
            throw new ParameterException(spec.commandLine(), "--percentile must be p50, p99, p99_9 or max");
        }
        LatencyChart chart = new LatencyChart(title, "request " + percentile.replace('_', '.') + " (ms, log scale)");
        for (String system : systems) {
            int equals = system.indexOf('=');
            if (equals <= 0 || equals == system.length() - 1) {
                throw new ParameterException(spec.commandLine(), "expected SYSTEM=RUN.json,..., got " + system);
            }
            for (String file : system.substring(equals + 1).split(",")) {
                JsonNode run = ReportFile.read(spec, Path.of(file));
                JsonNode pages = run.at("/pagesPerSecond");
                JsonNode latency = run.at("/latencyMillis/request/" + percentile);
                if (!pages.isNumber() || !latency.isNumber()) {
                    throw new ParameterException(
                            spec.commandLine(),
                            file + " is not a run report (no " + "/pagesPerSecond or /latencyMillis/request/"
                                    + percentile + ")");
                }
                try {
                    chart.add(
                            system.substring(0, equals), new LatencyChart.Point(pages.asDouble(), latency.asDouble()));
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), file + ": " + e.getMessage());
                }
            }
        }
        try {
            Files.writeString(out, chart.svg(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ParameterException(
                    spec.commandLine(), "--out " + out + ": cannot write it: " + FileErrors.reason(e, out));
        }
        spec.commandLine().getOut().println("wrote " + out);
        return 0;
    }
}
