package aspstate.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `run`: one bounded load run against one target, with progress lines, a final table and optional JSON. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        description = "Replay ASP.NET page traffic against a session store and report throughput and latency.")
final class RunCommand implements Callable<Integer> {
    @Option(
            names = "--target",
            required = true,
            description = "stateserver://HOST:PORT (aspstate or any StateServer), redis://HOST:PORT, "
                    + "tds://HOST:PORT (the ASPState procedures, SQL Server mode) or tds-core-cache://HOST:PORT "
                    + "(ASP.NET Core's distributed SQL Server cache); loopback only")
    String target;

    @Option(
            names = "--mix",
            defaultValue = "rw=90,ro=10",
            description =
                    "page kinds and weights: rw (GetExclusive+Set), ro (Get), new (new visitor), none (ResetTimeout)")
    String mix;

    @Option(
            names = "--op",
            description = "instead of --mix, repeat one request on pre-loaded sessions: get, get-exclusive, set, "
                    + "set-and-release, release, insert, reset-timeout")
    String op;

    @Option(names = "--sessions", defaultValue = "100000", description = "live sessions pre-loaded before the run")
    int sessions;

    @Option(names = "--payload", defaultValue = "1024", description = "session size in bytes, or uniform:MIN-MAX")
    String payload;

    @Option(names = "--connections", defaultValue = "32", description = "TCP connections")
    int connections;

    @Option(names = "--depth", defaultValue = "1", description = "pages in flight per connection (pipelining)")
    int depth;

    @Option(names = "--warmup", defaultValue = "5s", description = "unmeasured warm-up time")
    Duration warmup;

    @Option(names = "--duration", defaultValue = "20s", description = "measured time")
    Duration duration;

    @Option(names = "--pages", defaultValue = "0", description = "stop after this many measured pages (0: no limit)")
    long pages;

    @Option(
            names = "--rate",
            defaultValue = "0",
            description = "offered pages/s, paced from the measured phase's "
                    + "start (the warm-up runs unpaced, so that its backlog is never measured); 0: closed loop, as fast as "
                    + "possible")
    double rate;

    @Option(
            names = "--open-loop",
            description = "with --rate: start each page on schedule even while the same "
                    + "worker's earlier pages are unanswered (they queue on the connection), so a slow answer does not lower "
                    + "the offered load; latency counts from each page's scheduled start either way")
    boolean openLoop;

    @Option(
            names = "--max-in-flight",
            defaultValue = "" + Workload.DEFAULT_MAX_IN_FLIGHT,
            description = "--open-loop: pages in flight at most, shared evenly by the workers, at least one each; a "
                    + "worker at its share waits for an answer (default: ${DEFAULT-VALUE})")
    int maxInFlight;

    @Option(names = "--seed", defaultValue = "1", description = "random seed")
    long seed;

    @Option(names = "--skip-preload", description = "the sessions exist already (an earlier run wrote them)")
    boolean skipPreload;

    @Option(
            names = "--preload-depth",
            defaultValue = "" + Workload.DEFAULT_PRELOAD_DEPTH,
            description = "writes in flight per connection while pre-loading; 1 for a target that does not answer "
                    + "pipelined requests (default: ${DEFAULT-VALUE})")
    int preloadDepth;

    @Option(
            names = "--preload-stall",
            defaultValue = Workload.DEFAULT_PRELOAD_STALL_TEXT,
            description = "stop with an error when the pre-load goes this long without an answer "
                    + "(default: ${DEFAULT-VALUE})")
    Duration preloadStall;

    @Option(
            names = "--progress-every",
            defaultValue = "1s",
            description = "how often a progress line is printed (to stderr); each covers the time since the last")
    Duration progressEvery;

    @Option(names = "--json", description = "also write the results as JSON to this file")
    Path json;

    @Override
    public Integer call() throws Exception {
        Workload workload;
        BackendFactory factory;
        try {
            PageMix pageMix = op == null ? PageMix.parse(mix) : PageMix.only(PageKind.ofCode("op-" + op));
            workload = new Workload(
                    pageMix,
                    sessions,
                    PayloadSizes.parse(payload, seed),
                    connections,
                    depth,
                    warmup,
                    duration,
                    pages,
                    rate,
                    seed,
                    !skipPreload,
                    preloadDepth,
                    preloadStall,
                    openLoop,
                    maxInFlight);
            factory = Targets.open(target);
        } catch (IllegalArgumentException e) {
            System.err.println("aspstate-bench: " + e.getMessage());
            return 2;
        }
        try (BackendFactory opened = factory) {
            String name = opened.name() + " " + target + " (client on " + opened.transport() + ")";
            RunResult result = new LoadGenerator(opened, workload, System.err, progressEvery).run(name);
            ReportWriter.table(result, System.out);
            if (json != null) {
                write(json, ReportWriter.json(result));
            }
            return 0;
        } catch (Exception e) {
            System.err.println("aspstate-bench: run against " + target + " failed: " + e);
            return 1;
        }
    }

    private static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
