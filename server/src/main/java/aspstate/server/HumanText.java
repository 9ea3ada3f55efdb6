package aspstate.server;

import aspstate.core.LogText;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Figures as the admin commands print them for people: sizes in the unit that suits them (14.9 KiB, not 15258 B),
 * counts with thousands separators, durations in the largest units that matter (3 h 12 min), times per request from
 * nanoseconds to seconds. {@code --json} prints the exact values.
 */
final class HumanText {
    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    /** Bytes a hex dump line shows. */
    private static final int DUMP_LINE = 16;
    /** Client text (ids, item names and values) printed at most this long. */
    private static final int MAX_CLIENT_TEXT = 2048;

    private HumanText() {}

    /** At most three significant digits, without trailing zeros: 14.9, 2, 0.345, 1234. */
    static String figure(double value) {
        if (value >= 1000 || value == 0) {
            return String.format(Locale.ROOT, "%d", Math.round(value));
        }
        return new BigDecimal(value)
                .round(new MathContext(3))
                .stripTrailingZeros()
                .toPlainString();
    }

    /**
     * Text a client stored (a session id, an item's name or value), escaped as in a log line, so that a control
     * character in it cannot act on the terminal, and cut to a bounded length.
     */
    static String clientText(String text) {
        return LogText.escaped(text, MAX_CLIENT_TEXT);
    }

    static String bytes(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return (unit == 0 ? Long.toString(bytes) : figure(value)) + " " + BYTE_UNITS[unit];
    }

    /** A share to one decimal: 37.5%; a share above nothing that would read 0.0% reads "<0.1%". */
    static String percent(long part, long whole) {
        double percent = 100.0 * part / whole;
        return part > 0 && percent < 0.05 ? "<0.1%" : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    static String count(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** A time per request, e.g. a mean time in the store: 345 ns, 12.5 µs, 2.4 ms, 1.2 s. */
    static String millis(double millis) {
        if (millis == 0) {
            return "0";
        }
        if (millis < 0.001) {
            return figure(millis * 1_000_000) + " ns";
        }
        if (millis < 1) {
            return figure(millis * 1000) + " µs";
        }
        return millis < 1000 ? figure(millis) + " ms" : figure(millis / 1000) + " s";
    }

    /** How long something has been up or held, in its two largest units: 45 s, 12 min 5 s, 3 h 12 min, 2 d 3 h. */
    static String duration(long seconds) {
        long[] sizes = {86_400, 3_600, 60, 1};
        String[] names = {"d", "h", "min", "s"};
        for (int i = 0; i < sizes.length - 1; i++) {
            if (seconds >= sizes[i]) {
                long next = seconds % sizes[i] / sizes[i + 1];
                return seconds / sizes[i] + " " + names[i] + (next == 0 ? "" : " " + next + " " + names[i + 1]);
            }
        }
        return seconds + " s";
    }

    /**
     * Bytes as {@code hexdump -C} shows them: offset, sixteen bytes in hex, and the printable ASCII among them (any
     * other byte as '.', so that nothing in the data can reach the terminal as a control sequence).
     */
    static List<String> hexDump(byte[] data) {
        List<String> lines = new ArrayList<>();
        for (int offset = 0; offset < data.length; offset += DUMP_LINE) {
            StringBuilder hex = new StringBuilder();
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < DUMP_LINE; i++) {
                if (i == DUMP_LINE / 2) {
                    hex.append(' ');
                }
                if (offset + i < data.length) {
                    int b = data[offset + i] & 0xff;
                    hex.append(String.format(Locale.ROOT, "%02x ", b));
                    text.append(b >= 0x20 && b < 0x7f ? (char) b : '.');
                } else {
                    hex.append("   ");
                }
            }
            lines.add(String.format(Locale.ROOT, "%08x  %s |%s|", offset, hex, text));
        }
        return lines;
    }
}
