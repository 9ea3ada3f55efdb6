package aspstate.sessionformat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The worked examples of docs/spec/session-blob-format.md, read from the document itself so that they cannot drift. */
final class SpecExamples {
    static final Path SPEC = Path.of("..", "docs", "spec", "session-blob-format.md");
    private static final Pattern TYPE_ROW =
            Pattern.compile("^\\| (\\d+) \\|[^|]*\\|[^|]*\\| `([0-9A-F ]+)` \\|$", Pattern.MULTILINE);
    private static final Pattern FRESH_SESSION =
            Pattern.compile("A fresh uninitialized session \\(timeout 20\\): `([0-9A-F ]+)`");
    private static final Pattern SESSION_BLOCK = Pattern.compile("### A session\\n[^\\n]*\\n```\\n([0-9A-F \\n]+)```");

    private SpecExamples() {}

    private static String spec() {
        try {
            return Files.readString(SPEC);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + SPEC.toAbsolutePath(), e);
        }
    }

    /** Type id to the bytes of the table "One value of each type". */
    static Map<Integer, byte[]> valueOfEachType() {
        Map<Integer, byte[]> values = new LinkedHashMap<>();
        Matcher row = TYPE_ROW.matcher(spec());
        while (row.find()) {
            values.put(Integer.parseInt(row.group(1)), hex(row.group(2)));
        }
        return values;
    }

    static byte[] freshSession() {
        Matcher match = FRESH_SESSION.matcher(spec());
        if (!match.find()) {
            throw new IllegalStateException("no fresh session example in " + SPEC);
        }
        return hex(match.group(1));
    }

    /** "A session": Session["user"] = "alice", Session["count"] = 3, timeout 20. */
    static byte[] workedSession() {
        Matcher match = SESSION_BLOCK.matcher(spec());
        if (!match.find()) {
            throw new IllegalStateException("no session example in " + SPEC);
        }
        return hex(match.group(1));
    }

    static byte[] hex(String text) {
        return HexFormat.of().parseHex(text.replaceAll("\\s", ""));
    }
}
