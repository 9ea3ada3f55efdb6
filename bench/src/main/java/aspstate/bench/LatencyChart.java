package aspstate.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A latency-versus-throughput chart as SVG, one line per system: x is the achieved pages/s of each run, y a request
 * latency percentile in ms on a log scale (tails span 0.1 ms to seconds). Plain SVG, so it renders in a browser and
 * on GitHub without a plotting library.
 */
final class LatencyChart {
    /** One run's point. */
    record Point(double pagesPerSecond, double latencyMillis) {}

    private static final int WIDTH = 720;
    private static final int HEIGHT = 440;
    private static final int LEFT = 70;
    private static final int RIGHT = 160;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

    private final String title;
    private final String yLabel;
    private final Map<String, List<Point>> series = new LinkedHashMap<>();

    LatencyChart(String title, String yLabel) {
        this.title = title;
        this.yLabel = yLabel;
    }

    void add(String system, Point point) {
        if (!(point.latencyMillis() > 0) || !(point.pagesPerSecond() >= 0)) {
            throw new IllegalArgumentException(system + ": a point needs pages/s >= 0 and a latency > 0, got " + point);
        }
        series.computeIfAbsent(system, name -> new ArrayList<>()).add(point);
    }

    String svg() {
        if (series.isEmpty()) {
            throw new IllegalStateException("no points to draw");
        }
        double maxX = series.values().stream()
                        .flatMap(List::stream)
                        .mapToDouble(Point::pagesPerSecond)
                        .max()
                        .orElseThrow()
                * 1.05;
        double minLog = Math.floor(Math.log10(series.values().stream()
                .flatMap(List::stream)
                .mapToDouble(Point::latencyMillis)
                .min()
                .orElseThrow()));
        double maxLog = Math.ceil(Math.log10(series.values().stream()
                .flatMap(List::stream)
                .mapToDouble(Point::latencyMillis)
                .max()
                .orElseThrow()));
        if (maxLog <= minLog) {
            maxLog = minLog + 1;
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n",
                WIDTH,
                HEIGHT));
        out.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        out.append(String.format(
                Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>%n", LEFT, escape(title)));
        axes(out, maxX, minLog, maxLog);
        int index = 0;
        for (Map.Entry<String, List<Point>> line : series.entrySet()) {
            String colour = COLOURS[index % COLOURS.length];
            List<Point> points = new ArrayList<>(line.getValue());
            points.sort(Comparator.comparingDouble(Point::pagesPerSecond));
            StringBuilder path = new StringBuilder();
            for (Point point : points) {
                double x = x(point.pagesPerSecond(), maxX);
                double y = y(point.latencyMillis(), minLog, maxLog);
                path.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                out.append(String.format(
                        Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, y, colour));
            }
            out.append(String.format(
                    Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" " + "stroke-width=\"2\"/>%n",
                    path.toString().trim(),
                    colour));
            int legendY = TOP + 20 * index;
            out.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" " + "stroke-width=\"2\"/>%n",
                    WIDTH - RIGHT + 15,
                    legendY,
                    WIDTH - RIGHT + 40,
                    legendY,
                    colour));
            out.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\">%s</text>%n",
                    WIDTH - RIGHT + 46,
                    legendY + 4,
                    escape(line.getKey())));
            index++;
        }
        out.append("</svg>\n");
        return out.toString();
    }

    private void axes(StringBuilder out, double maxX, double minLog, double maxLog) {
        int bottom = HEIGHT - BOTTOM;
        int right = WIDTH - RIGHT;
        out.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
                LEFT,
                bottom,
                right,
                bottom));
        out.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
                LEFT,
                TOP,
                LEFT,
                bottom));
        for (int tick = 0; tick <= 5; tick++) {
            double value = maxX * tick / 5;
            double x = x(value, maxX);
            out.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%,.0f</text>%n",
                    x,
                    bottom + 16,
                    value));
        }
        for (double exponent = minLog; exponent <= maxLog; exponent++) {
            double y = y(Math.pow(10, exponent), minLog, maxLog);
            out.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT,
                    y,
                    right,
                    y));
            out.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6,
                    y + 4,
                    format(Math.pow(10, exponent))));
        }
        out.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">achieved pages/s</text>%n",
                (LEFT + right) / 2,
                HEIGHT - 12));
        out.append(String.format(
                Locale.ROOT,
                "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" " + "text-anchor=\"middle\">%s</text>%n",
                (TOP + bottom) / 2,
                (TOP + bottom) / 2,
                escape(yLabel)));
    }

    private static double x(double pagesPerSecond, double maxX) {
        return LEFT + (WIDTH - RIGHT - LEFT) * pagesPerSecond / maxX;
    }

    private static double y(double millis, double minLog, double maxLog) {
        double fraction = (Math.log10(millis) - minLog) / (maxLog - minLog);
        return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * fraction;
    }

    private static String format(double millis) {
        return millis >= 1
                ? String.format(Locale.ROOT, "%.0f ms", millis)
                : String.format(Locale.ROOT, "%s ms", Double.toString(millis));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
