package aspstate.bench;

import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The final table of a run, and the same figures as JSON for scripts (compare.sh reads it). */
public final class ReportWriter {
    private static final double[] PERCENTILES = {50, 99, 99.9};

    private ReportWriter() {
    }

    public static void table(RunResult result, PrintStream out) {
        Workload w = result.workload();
        Metrics m = result.metrics();
        out.printf(Locale.ROOT, "target %s: %s pages, %,d sessions, payload %s, %d connections x depth %d%s%n",
                result.target(), w.mix(), w.sessions(), w.payload(), w.connections(), w.depth(),
                w.rate() > 0 ? String.format(Locale.ROOT, ", offered %.0f pages/s", w.rate()) : "");
        out.printf(Locale.ROOT, "measured %.1f s: %,d pages (%,.0f/s), %,d requests (%,.0f/s), %,d errors, %,d lock conflicts%n",
                result.measured().toNanos() / 1e9, m.pages(), result.pagesPerSecond(), m.requests(),
                result.requestsPerSecond(), m.errors(), m.conflicts());
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
        out.printf(Locale.ROOT, "%-24s %,12d %10.3f %10.3f %10.3f %10.3f%n", label, h.getTotalCount(),
                ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
    }

    public static String json(RunResult result) {
        Workload w = result.workload();
        Metrics m = result.metrics();
        StringBuilder json = new StringBuilder(1024);
        json.append("{\n");
        field(json, "target", quote(result.target()));
        json.append("  \"workload\": {");
        json.append("\"mix\": ").append(quote(w.mix().toString()));
        json.append(", \"sessions\": ").append(w.sessions());
        json.append(", \"payload\": ").append(quote(w.payload().toString()));
        json.append(", \"connections\": ").append(w.connections());
        json.append(", \"depth\": ").append(w.depth());
        json.append(", \"warmupSeconds\": ").append(w.warmup().toMillis() / 1000.0);
        json.append(", \"durationSeconds\": ").append(w.duration().toMillis() / 1000.0);
        json.append(", \"maxPages\": ").append(w.maxPages());
        json.append(", \"rate\": ").append(number(w.rate()));
        json.append(", \"seed\": ").append(w.seed());
        json.append("},\n");
        field(json, "measuredSeconds", number(result.measured().toNanos() / 1e9));
        field(json, "pages", String.valueOf(m.pages()));
        field(json, "pagesPerSecond", number(result.pagesPerSecond()));
        field(json, "requests", String.valueOf(m.requests()));
        field(json, "requestsPerSecond", number(result.requestsPerSecond()));
        field(json, "errors", String.valueOf(m.errors()));
        field(json, "lockConflicts", String.valueOf(m.conflicts()));
        json.append("  \"latencyMillis\": {\n");
        json.append("    \"page\": ").append(latency(m.pageTotal()));
        for (RequestKind kind : RequestKind.values()) {
            Histogram histogram = m.total(kind);
            if (histogram.getTotalCount() > 0) {
                json.append(",\n    ").append(quote(kind.name())).append(": ").append(latency(histogram));
            }
        }
        json.append("\n  }\n}\n");
        return json.toString();
    }

    private static String latency(Histogram h) {
        StringBuilder text = new StringBuilder("{\"count\": ").append(h.getTotalCount());
        for (double p : PERCENTILES) {
            text.append(", \"p").append(p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p).replace('.', '_'))
                    .append("\": ").append(number(ms(h.getValueAtPercentile(p))));
        }
        return text.append(", \"max\": ").append(number(ms(h.getMaxValue()))).append('}').toString();
    }

    private static void field(StringBuilder json, String name, String value) {
        json.append("  ").append(quote(name)).append(": ").append(value).append(",\n");
    }

    private static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
