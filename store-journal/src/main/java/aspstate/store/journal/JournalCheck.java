package aspstate.store.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code aspstate journal verify|repair DIR}: says what a data directory's journal holds and where it is damaged,
 * and repairs it by writing everything that checks out into a new base (the files it replaces are kept aside, in a
 * folder of the directory, never deleted).
 */
public final class JournalCheck {
    private final Path directory;
    private final List<JournalFormat> formats;
    private final List<String> lines = new ArrayList<>();

    /**
     * What a check found.
     *
     * @param lines   what to print, one finding a line
     * @param damaged true when the start would stop (or did stop, before a repair) on this journal
     */
    public record Report(List<String> lines, boolean damaged) {}

    private JournalCheck(Path directory, List<JournalFormat> formats) {
        this.directory = directory;
        this.formats = formats;
    }

    /**
     * Reads the journal and says what it holds and what is wrong with it; changes nothing.
     *
     * @param formats the formats the journal may be in (a single node's, a cluster node's)
     */
    public static Report verify(Path directory, List<JournalFormat> formats) throws IOException {
        JournalCheck check = new JournalCheck(directory, formats);
        Optional<Examined> examined = check.examine();
        if (examined.isEmpty()) {
            return new Report(check.lines, false);
        }
        boolean damaged = examined.get().damaged();
        check.lines.add(
                damaged
                        ? "damaged: 'aspstate journal repair " + directory + "' keeps every good record"
                        : "sound: the server starts on it"
                                + (examined.get().replay().tornTail().isPresent()
                                        ? " (and cuts off the torn end)"
                                        : ""));
        return new Report(check.lines, damaged);
    }

    /**
     * Writes everything that checks out into a new base and a new empty segment, and moves the files they replace
     * into {@code DIR/before-repair-<time>}. Takes the directory's lock: not while a server runs on it.
     */
    public static Report repair(Path directory, List<JournalFormat> formats) throws IOException {
        try (DirectoryLock lock = DirectoryLock.take(directory)) {
            JournalCheck check = new JournalCheck(directory, formats);
            Optional<Examined> examined = check.examine();
            if (examined.isEmpty()) {
                return new Report(check.lines, false);
            }
            if (!examined.get().damaged()) {
                check.lines.add("nothing to repair: the server starts on it"
                        + (examined.get().replay().tornTail().isPresent() ? " (and cuts off the torn end)" : ""));
                return new Report(check.lines, false);
            }
            check.rewrite(examined.get());
            return new Report(check.lines, true);
        }
    }

    /** The journal as read, and whether the start would stop on it. */
    private record Examined(Manifest manifest, boolean rebuilt, JournalFormat format, Replay replay) {
        boolean damaged() {
            return rebuilt || !replay.damages().isEmpty();
        }
    }

    private Optional<Examined> examine() throws IOException {
        Optional<Manifest> read;
        try {
            read = Manifest.read(directory);
        } catch (JournalDamageException e) {
            lines.add(e.getMessage());
            read = Optional.empty();
        }
        boolean rebuilt = read.isEmpty();
        Manifest manifest;
        if (read.isPresent()) {
            manifest = read.get();
        } else {
            Optional<Manifest> fromFiles = fromFiles();
            if (fromFiles.isEmpty()) {
                lines.add(directory + " holds no journal");
                return Optional.empty();
            }
            manifest = fromFiles.get();
            lines.add("no readable " + Manifest.FILE + ": the files are read in the order of their numbers");
        }
        lines.add(Manifest.FILE + ": "
                + manifest.base().map(base -> "base " + base.file() + ", ").orElse("")
                + manifest.segments().size() + " segment(s)");
        Optional<JournalFormat> format = format(manifest);
        if (format.isEmpty()) {
            return Optional.empty();
        }
        Replay replay = Replay.of(directory, manifest, Replay.Mode.EXAMINE, format.get());
        for (Replay.Damage damage : replay.damages()) {
            lines.add(damage.file() + (damage.offset() > 0 ? " at offset " + damage.offset() : "") + ": "
                    + damage.problem() + (damage.bytes() > 0 ? " (" + damage.bytes() + " bytes passed over)" : ""));
        }
        replay.tornTail()
                .ifPresent(
                        torn -> lines.add(torn.file() + ": a torn end at offset " + torn.offset() + " (" + torn.bytes()
                                + " bytes, the start of " + torn.frames() + " record(s) a crash left unfinished)"));
        lines.add(replay.records() + " record(s) read, up to record " + replay.lastSeq() + "; entries: "
                + replay.entries().entrySet().stream()
                        .map(kind -> kind.getKey().store().name() + " "
                                + kind.getValue().size())
                        .collect(Collectors.joining(", ")));
        return Optional.of(new Examined(manifest, rebuilt, format.get(), replay));
    }

    /** The format its first file says its records are in, if this aspstate knows it. */
    private Optional<JournalFormat> format(Manifest manifest) throws IOException {
        String first = manifest.base()
                .map(Manifest.Base::file)
                .orElse(manifest.segments().get(0).file());
        Optional<JournalFile.Header> header = header(directory.resolve(first));
        int id = header.map(JournalFile.Header::format).orElse(JournalFormat.SINGLE_NODE.id());
        Optional<JournalFormat> known =
                formats.stream().filter(format -> format.id() == id).findFirst();
        if (known.isEmpty()) {
            lines.add(first + ": records in format " + id + ", which this aspstate does not read");
        } else {
            lines.add("records: " + known.get().description());
        }
        return known;
    }

    /**
     * The files as a manifest would list them, when it is lost: the oldest base that a segment follows (an
     * interrupted rewrite may have left a newer, unfinished one) and the segments from that one on, by number.
     */
    private Optional<Manifest> fromFiles() throws IOException {
        List<Path> files;
        try (Stream<Path> listed = Files.list(directory)) {
            files = listed.filter(JournalDirectory::isJournalFile)
                    .sorted(Comparator.comparing(Path::toString))
                    .toList();
        }
        List<Manifest.Segment> segments = new ArrayList<>();
        List<Manifest.Base> bases = new ArrayList<>();
        for (Path file : files) {
            Optional<JournalFile.Header> header = header(file);
            if (header.isEmpty()) {
                lines.add(file + ": no journal header; left out");
            } else if (header.get().type() == JournalFile.Type.SEGMENT) {
                segments.add(new Manifest.Segment(
                        file.getFileName().toString(), header.get().after(), -1, -1));
            } else {
                bases.add(new Manifest.Base(
                        file.getFileName().toString(),
                        Files.size(file),
                        header.get().after()));
            }
        }
        if (segments.isEmpty() && bases.isEmpty()) {
            return Optional.empty();
        }
        for (Manifest.Base base : bases) {
            for (int i = 0; i < segments.size(); i++) {
                if (segments.get(i).after() == base.after()) {
                    return Optional.of(new Manifest(Optional.of(base), segments.subList(i, segments.size())));
                }
            }
        }
        return Optional.of(new Manifest(Optional.empty(), segments));
    }

    private static Optional<JournalFile.Header> header(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return Optional.of(JournalFile.readHeader(channel, file));
        } catch (JournalDamageException e) {
            return Optional.empty();
        }
    }

    /** A new base of what was read, a new empty segment after it, the manifest; the old files moved aside. */
    private void rewrite(Examined examined) throws IOException {
        long number = Math.max(examined.manifest().nextFileNumber(), highestFileNumber() + 1);
        long after = examined.replay().lastSeq();
        Path base = directory.resolve(Manifest.baseName(number));
        long length;
        long entries;
        int format = examined.format().id();
        try (BaseWriter writer = BaseWriter.create(
                FileOpener.PLAIN,
                base,
                new JournalFile.Header(JournalFile.Type.BASE, format, after, number),
                examined.format(),
                () -> {})) {
            for (Map.Entry<StoreKind, Map<String, Object>> kind :
                    examined.replay().entries().entrySet()) {
                for (Map.Entry<String, Object> entry : kind.getValue().entrySet()) {
                    writer.add(kind.getKey(), entry.getKey(), entry.getValue());
                }
            }
            length = writer.finish();
            entries = writer.entries();
        }
        String segment = Manifest.segmentName(number + 1);
        Segments.createFile(
                        FileOpener.PLAIN,
                        directory.resolve(segment),
                        new JournalFile.Header(JournalFile.Type.SEGMENT, format, after, number + 1))
                .close();
        Path aside = directory.resolve(
                "before-repair-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(aside);
        List<Path> old;
        try (Stream<Path> listed = Files.list(directory)) {
            old = listed.filter(file -> JournalDirectory.isJournalFile(file)
                            && !file.equals(base)
                            && !file.getFileName().toString().equals(segment))
                    .toList();
        }
        new Manifest(
                        Optional.of(new Manifest.Base(base.getFileName().toString(), length, after)),
                        List.of(new Manifest.Segment(segment, after, -1, -1)))
                .write(directory);
        for (Path file : old) {
            Files.move(file, aside.resolve(file.getFileName()));
        }
        Manifest.syncDirectory(directory);
        lines.add("repaired: " + entries + " entries written to " + base + "; the " + old.size() + " file(s) it "
                + "replaces are in " + aside);
    }

    private long highestFileNumber() throws IOException {
        try (Stream<Path> listed = Files.list(directory)) {
            return listed.filter(JournalDirectory::isJournalFile)
                    .mapToLong(file -> Manifest.number(file.getFileName().toString()))
                    .max()
                    .orElse(0);
        }
    }
}
