package aspstate.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The final table of a run, and the same figures as JSON for scripts (compare.sh reads it). */
public final class ReportWriter {
    private static final double[] PERCENTILES = {50, 99, 99.9};
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {}

    public static void table(RunResult result, PrintStream out) {
        Workload w = result.workload();
        Metrics m = result.metrics();
        out.printf(
                Locale.ROOT,
                "target %s: %s pages, %,d sessions, payload %s, %d connections x depth %d%s%n",
                result.target(),
                w.mix(),
                w.sessions(),
                w.payload(),
                w.connections(),
                w.depth(),
                w.rate() > 0
                        ? String.format(
                                Locale.ROOT, ", offered %.0f pages/s%s", w.rate(), w.openLoop() ? " open loop" : "")
                        : "");
        out.printf(
                Locale.ROOT,
                "measured %.1f s: %,d pages (%,.0f/s), %,d requests (%,.0f/s), %,d errors, %,d lock "
                        + "conflicts, at most %,d pages in flight%n",
                result.measured().toNanos() / 1e9,
                m.pages(),
                result.pagesPerSecond(),
                m.requests(),
                result.requestsPerSecond(),
                m.errors(),
                m.conflicts(),
                result.mostPagesInFlight());
        out.printf("%-24s %12s %10s %10s %10s %10s%n", "latency (ms)", "count", "p50", "p99", "p99.9", "max");
        row(out, "page", m.pageTotal());
        for (RequestKind kind : RequestKind.values()) {
            Histogram histogram = m.total(kind);
            if (histogram.getTotalCount() > 0) {
                row(out, kind.label(), histogram);
            }
        }
    }

    private static void row(PrintStream out, String label, Histogram h) {
        out.printf(
                Locale.ROOT,
                "%-24s %,12d %10.3f %10.3f %10.3f %10.3f%n",
                label,
                h.getTotalCount(),
                ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    /**
     * The run as JSON (Jackson), read back by the scripts with {@code aspstate-bench field}. Latencies are in ms:
     * the page, every request whatever its kind ("request"), and each kind.
     */
    public static String json(RunResult result) {
        Workload w = result.workload();
        Metrics m = result.metrics();
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("mix", w.mix().toString());
        workload.put("sessions", w.sessions());
        workload.put("payload", w.payload().toString());
        workload.put("connections", w.connections());
        workload.put("depth", w.depth());
        workload.put("warmupSeconds", w.warmup().toMillis() / 1000.0);
        workload.put("durationSeconds", w.duration().toMillis() / 1000.0);
        workload.put("maxPages", w.maxPages());
        workload.put("rate", rounded(w.rate()));
        workload.put("openLoop", w.openLoop());
        workload.put("seed", w.seed());
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("page", latency(m.pageTotal()));
        Histogram everyRequest = new Histogram(3);
        Map<String, Object> byKind = new LinkedHashMap<>();
        for (RequestKind kind : RequestKind.values()) {
            Histogram histogram = m.total(kind);
            if (histogram.getTotalCount() > 0) {
                everyRequest.add(histogram);
                byKind.put(kind.name(), latency(histogram));
            }
        }
        latency.put("request", latency(everyRequest));
        latency.putAll(byKind);
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("target", result.target());
        report.put("workload", workload);
        report.put("measuredSeconds", rounded(result.measured().toNanos() / 1e9));
        report.put("pages", m.pages());
        report.put("pagesPerSecond", rounded(result.pagesPerSecond()));
        report.put("requests", m.requests());
        report.put("requestsPerSecond", rounded(result.requestsPerSecond()));
        report.put("errors", m.errors());
        report.put("lockConflicts", m.conflicts());
        report.put("mostPagesInFlight", result.mostPagesInFlight());
        report.put("latencyMillis", latency);
        try {
            return JSON.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of numbers and strings is always JSON", e);
        }
    }

    private static Map<String, Object> latency(Histogram h) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("count", h.getTotalCount());
        for (double p : PERCENTILES) {
            String name = "p"
                    + (p == Math.rint(p)
                            ? String.valueOf((long) p)
                            : String.valueOf(p).replace('.', '_'));
            figures.put(name, rounded(ms(h.getValueAtPercentile(p))));
        }
        figures.put("max", rounded(ms(h.getMaxValue())));
        return figures;
    }

    /** Three decimals, as the table shows them. */
    private static BigDecimal rounded(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
