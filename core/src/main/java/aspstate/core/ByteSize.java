package aspstate.core;

import java.util.Locale;

/** Parses and prints byte sizes the way the configuration writes them: 1048576, 64KiB, 64MiB, 2GiB, 512m. */
public final class ByteSize {
    private ByteSize() {}

    public static long parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        if (end == 0) {
            throw new IllegalArgumentException(
                    "not a byte size: '" + text + "' (examples: 1048576, 64KiB, 64MiB, 2GiB)");
        }
        long number;
        try {
            number = Long.parseLong(s.substring(0, end));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("byte size too large: '" + text + "'");
        }
        long multiplier;
        switch (s.substring(end).trim()) {
            case "":
            case "b":
                multiplier = 1;
                break;
            case "k":
            case "kb":
            case "kib":
                multiplier = 1L << 10;
                break;
            case "m":
            case "mb":
            case "mib":
                multiplier = 1L << 20;
                break;
            case "g":
            case "gb":
            case "gib":
                multiplier = 1L << 30;
                break;
            case "t":
            case "tb":
            case "tib":
                multiplier = 1L << 40;
                break;
            default:
                throw new IllegalArgumentException(
                        "unknown unit in byte size '" + text + "' (use B, KiB, MiB, GiB, TiB)");
        }
        try {
            return Math.multiplyExact(number, multiplier);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("byte size too large: '" + text + "'");
        }
    }

    /** The largest whole unit that represents the value exactly, e.g. "64 MiB", "1536 B"; parses back. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int unit = 0;
        long value = bytes;
        while (unit < units.length - 1 && value != 0 && value % 1024 == 0) {
            value /= 1024;
            unit++;
        }
        return value + " " + units[unit];
    }
}
