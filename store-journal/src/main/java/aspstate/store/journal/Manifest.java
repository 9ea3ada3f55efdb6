package aspstate.store.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which files make up the journal, in replay order: at most one base (every live entry at a moment) and the
 * segments written since, the last of them the one being appended to (or, when the next one is listed ahead, the
 * one before it). A text file replaced atomically (written aside, synced, renamed over, the directory synced), so a
 * crash leaves either the old list or the new one, never a mix; files it does not name are left over from an
 * interrupted rewrite or switch and go at the next start.
 *
 * <pre>
 * aspstate-journal 1
 * base base-0000000000000003.snap length=1048576 after=2000
 * segment segment-0000000000000004.log after=2000 length=5555 last=3000
 * segment segment-0000000000000005.log after=3000
 * segment segment-0000000000000006.log ahead
 * </pre>
 *
 * <p>A segment listed {@code ahead} is the next one, made and listed before the one being written is full, so that
 * switching to it needs no file to be made nor the manifest written while answers wait: the record it follows is
 * known only at the switch, which writes it into the segment's header ({@link JournalFile#AHEAD} until then), and
 * the manifest says it at the next write.
 *
 * @param base     the base, if a rewrite made one
 * @param segments the segments after it, oldest first; only the last has no length (it is being written), or the
 *                 last two when the last is ahead
 */
record Manifest(Optional<Base> base, List<Segment> segments) {
    static final String FILE = "MANIFEST";
    private static final String FIRST_LINE = "aspstate-journal 1";

    /** @param after the sequence number of the last record the base covers */
    record Base(String file, long length, long after) {}

    /**
     * @param after  the sequence number of the last record before this segment, or {@link JournalFile#AHEAD} for
     *               the segment made ahead (it follows the one before it, wherever that ends)
     * @param length the file's length once closed, or -1 for the segment being written and the one ahead
     * @param last   the sequence number of its last record once closed (its {@code after} when it has none)
     */
    record Segment(String file, long after, long length, long last) {
        /** The segment made ahead, listed before any record is written into it. */
        static Segment ahead(String file) {
            return new Segment(file, JournalFile.AHEAD, -1, -1);
        }

        boolean closed() {
            return length >= 0;
        }

        boolean ahead() {
            return after == JournalFile.AHEAD;
        }
    }

    Manifest {
        segments = List.copyOf(segments);
    }

    /** The number the next new file takes: one more than any file named here. */
    long nextFileNumber() {
        long highest = base.map(each -> number(each.file())).orElse(0L);
        for (Segment segment : segments) {
            highest = Math.max(highest, number(segment.file()));
        }
        return highest + 1;
    }

    static String segmentName(long number) {
        return String.format("segment-%016d.log", number);
    }

    static String baseName(long number) {
        return String.format("base-%016d.snap", number);
    }

    /** The number in a journal file's name. */
    static long number(String file) {
        return Long.parseLong(file.substring(file.indexOf('-') + 1, file.indexOf('.')));
    }

    /** The manifest of {@code directory}, or empty when it has none. */
    static Optional<Manifest> read(Path directory) throws IOException {
        Path path = directory.resolve(FILE);
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (lines.isEmpty() || !lines.get(0).equals(FIRST_LINE)) {
            throw new JournalDamageException(
                    path, 0, "not a journal manifest (its first line is not \"" + FIRST_LINE + "\")");
        }
        Optional<Base> base = Optional.empty();
        List<Segment> segments = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] words = lines.get(i).split(" ");
            try {
                if (words[0].equals("base") && base.isEmpty() && segments.isEmpty()) {
                    base = Optional.of(new Base(fileName(words[1]), field(words, "length"), field(words, "after")));
                } else if (words[0].equals("segment") && words.length == 3 && words[2].equals("ahead")) {
                    segments.add(Segment.ahead(fileName(words[1])));
                } else if (words[0].equals("segment")) {
                    boolean closed = words.length > 3;
                    segments.add(new Segment(
                            fileName(words[1]),
                            field(words, "after"),
                            closed ? field(words, "length") : -1,
                            closed ? field(words, "last") : -1));
                } else {
                    throw new IllegalArgumentException("unknown line");
                }
            } catch (RuntimeException e) {
                throw new JournalDamageException(path, 0, "line " + (i + 1) + " cannot be read: " + lines.get(i));
            }
        }
        Manifest read = new Manifest(base, segments);
        int open = read.open();
        if (open < 0
                || segments.get(open).closed()
                || segments.get(open).ahead()
                || segments.subList(0, open).stream().anyMatch(s -> !s.closed())) {
            throw new JournalDamageException(
                    path, 0, "it must end with the one segment being written (and the one made ahead, if listed)");
        }
        return Optional.of(read);
    }

    /** True when the last segment listed is the one made ahead. */
    boolean endsAhead() {
        return !segments.isEmpty() && segments.get(segments.size() - 1).ahead();
    }

    /** Where the segment being written is listed: last, or before the one made ahead; -1 when none is listed. */
    int open() {
        return segments.size() - (endsAhead() ? 2 : 1);
    }

    private static String fileName(String word) {
        if (!word.matches("(segment|base)-\\d{16}\\.(log|snap)")) {
            throw new IllegalArgumentException("not a journal file name");
        }
        return word;
    }

    private static long field(String[] words, String name) {
        for (String word : words) {
            if (word.startsWith(name + "=")) {
                return Long.parseLong(word.substring(name.length() + 1));
            }
        }
        throw new IllegalArgumentException("no " + name);
    }

    /** Replaces the directory's manifest with this one, atomically and durably. */
    void write(Path directory) throws IOException {
        StringBuilder text = new StringBuilder(FIRST_LINE).append('\n');
        base.ifPresent(each -> text.append("base ")
                .append(each.file())
                .append(" length=")
                .append(each.length())
                .append(" after=")
                .append(each.after())
                .append('\n'));
        for (Segment segment : segments) {
            text.append("segment ").append(segment.file());
            if (segment.ahead()) {
                text.append(" ahead\n");
                continue;
            }
            text.append(" after=").append(segment.after());
            if (segment.closed()) {
                text.append(" length=")
                        .append(segment.length())
                        .append(" last=")
                        .append(segment.last());
            }
            text.append('\n');
        }
        Path aside = directory.resolve(FILE + ".new");
        try (FileChannel channel = FileChannel.open(
                aside, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            java.nio.ByteBuffer bytes = StandardCharsets.UTF_8.encode(text.toString());
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
        try {
            Files.move(aside, directory.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + directory + " cannot replace a file atomically", e);
        }
        syncDirectory(directory);
    }

    /** Makes a rename or a new file in {@code directory} durable (the directory's entry is data too). */
    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
