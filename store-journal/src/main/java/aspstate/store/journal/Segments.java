package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The journal's files as the manifest lists them: the segment being appended to (by one thread at a time), the
 * closed segments and the base before them. A segment is made ahead ({@link Spares}), so its records overwrite
 * zeros and a sync writes data only (one that could not be made grows as it is written); when the records would pass
 * {@link Spares#CAPACITY}, it is closed (cut to its records' length) and the next one started. Starting a segment for
 * a rewrite (the writer) and installing a rewrite's base (the rewrite, when it ends) replace the manifest; they never
 * run at once.
 */
final class Segments {
    private static final Logger LOG = LoggerFactory.getLogger(Segments.class);

    private final Path directory;
    private final FileOpener files;
    private final int format;
    private final Spares spares;
    /** Segments made ahead are mapped ({@link Mapping#allowedIn}). */
    private final boolean mappable;
    /** Guarded by this. */
    private Manifest manifest;

    private FileChannel active;
    /**
     * The active segment mapped whole, when it was made ahead and {@link #mappable}; null when it grows as it is
     * written or is written with {@code write}.
     */
    private Mapping mapped;
    /**
     * The active segment's length; written by the holder of the journal's files, or, while the journal appends
     * straight into {@link #mapped}, under the journal's lock.
     */
    private volatile long length;
    /** The sequence number of the last record in the active segment. */
    private long lastSeq;
    /** Bytes of records in the closed segments after the base. */
    private volatile long closedBytes;

    /** What a rotation cut: the base of the rewrite it starts covers every record up to {@link #seq()}. */
    record Cut(long seq, Path base, long baseNumber) {}

    private Segments(Path directory, FileOpener files, int format, Manifest closed, long lastSeq) throws IOException {
        this.directory = directory;
        this.files = files;
        this.format = format;
        this.manifest = closed;
        this.lastSeq = lastSeq;
        this.closedBytes = closedBytes(closed);
        this.mappable = Mapping.allowedIn(directory);
        // The first segment is made now: the spares' thread makes the ones after it.
        Path first = directory.resolve("spare-0.tmp");
        Files.deleteIfExists(first);
        try {
            Spares.zeros(files, first, Spares.CAPACITY);
        } catch (IOException e) {
            Files.deleteIfExists(first);
            LOG.warn(
                    "could not make the first segment ahead in {} ({}): it grows as it is written, and syncs are "
                            + "slower",
                    directory,
                    DataDirectoryException.cause(e));
            first = null;
        }
        startSegment(first);
        this.spares = new Spares(directory, files);
    }

    /**
     * Starts a new segment after the files of {@code replayed} (the last of which becomes a closed one, with the
     * length it was replayed to) and lists it in the manifest.
     */
    static Segments start(
            Path directory, FileOpener files, int format, Manifest replayed, long lastSeq, long lastLength)
            throws IOException {
        List<Manifest.Segment> closed = new ArrayList<>();
        List<Manifest.Segment> old = replayed.segments();
        for (int i = 0; i < old.size(); i++) {
            Manifest.Segment each = old.get(i);
            closed.add(
                    i < old.size() - 1 ? each : new Manifest.Segment(each.file(), each.after(), lastLength, lastSeq));
        }
        return new Segments(directory, files, format, new Manifest(replayed.base(), closed), lastSeq);
    }

    /** The files of a new journal: one empty segment. */
    static Segments create(Path directory, FileOpener files, int format) throws IOException {
        return new Segments(directory, files, format, new Manifest(Optional.empty(), List.of()), 0);
    }

    /**
     * Makes {@code made} (a spare, or null for none: a new empty file) the active segment, after the closed files of
     * the manifest, and writes the manifest that lists it. Its header is written and synced first.
     */
    private void startSegment(Path made) throws IOException {
        long number = manifest.nextFileNumber();
        String name = Manifest.segmentName(number);
        Path file = directory.resolve(name);
        JournalFile.Header header = new JournalFile.Header(JournalFile.Type.SEGMENT, format, lastSeq, number);
        FileChannel channel;
        if (made == null) {
            channel = createFile(files, file, header);
        } else {
            channel = useSpare(made, file, header);
        }
        List<Manifest.Segment> all = new ArrayList<>(manifest.segments());
        all.add(new Manifest.Segment(name, lastSeq, -1, -1));
        Manifest listed = new Manifest(manifest.base(), all);
        try {
            listed.write(directory);
        } catch (IOException e) {
            channel.close();
            Files.deleteIfExists(file);
            throw e;
        }
        manifest = listed;
        active = channel;
        length = JournalFile.HEADER;
        mapped = mappable ? Mapping.of(channel, Spares.CAPACITY) : null;
    }

    /**
     * The spare {@code made}, renamed to {@code file} and given its header. If that fails the file goes: left, it
     * would hold the name the next attempt gives its new segment.
     */
    private FileChannel useSpare(Path made, Path file, JournalFile.Header header) throws IOException {
        Files.move(made, file, StandardCopyOption.ATOMIC_MOVE);
        FileChannel channel;
        try {
            channel = files.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        return headed(channel, file, header, false);
    }

    /** A new journal file with its header, on disk (file and directory entry) before it is used. */
    static FileChannel createFile(FileOpener files, Path file, JournalFile.Header header) throws IOException {
        FileChannel channel =
                files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ);
        return headed(channel, file, header, true);
    }

    /**
     * {@code file}, open as {@code channel}, with its header written and on disk (its metadata too when
     * {@code metaData}) and its directory entry synced; if any of that fails, closed and deleted.
     */
    private static FileChannel headed(FileChannel channel, Path file, JournalFile.Header header, boolean metaData)
            throws IOException {
        try {
            JournalFile.writeHeader(channel, header);
            channel.force(metaData);
            Manifest.syncDirectory(file.getParent());
            return channel;
        } catch (IOException | RuntimeException e) {
            try {
                channel.close();
            } finally {
                Files.deleteIfExists(file);
            }
            throw e;
        }
    }

    /** A new base of this journal, for a rewrite to write. */
    BaseWriter newBase(Path file, JournalFile.Header header, JournalFormat format, BaseWriter.Pause pause)
            throws IOException {
        return BaseWriter.create(files, file, header, format, pause);
    }

    long length() {
        return length;
    }

    /** The bytes a write can take without starting the next segment (a new segment takes any write). */
    long room() {
        return length > JournalFile.HEADER ? Spares.CAPACITY - length : Long.MAX_VALUE;
    }

    /**
     * Writes the whole buffer at the end of the active segment, whose last record is then {@code last}; first starts
     * the next segment if the records would pass this one's capacity. Returns where in the active segment the records
     * begin. A failed write leaves the length as it was (a retry writes over what it left).
     */
    long append(ByteBuffer records, long last) throws IOException {
        if (length > JournalFile.HEADER && length + records.remaining() > Spares.CAPACITY) {
            next();
        }
        long start = length;
        long position = start;
        while (records.hasRemaining()) {
            position += active.write(records, position);
        }
        length = position;
        lastSeq = last;
        return start;
    }

    void sync() throws IOException {
        active.force(false);
    }

    /** True while the active segment is mapped: records may then be copied into it ({@link #mappedRoom}). */
    boolean mapped() {
        return mapped != null;
    }

    /**
     * The mapped active segment positioned at its end, when it has room for {@code size} more bytes; null when it
     * does not (the record then goes through {@link #append}, which starts the next segment) or is not mapped.
     */
    ByteBuffer mappedRoom(int size) {
        return mapped != null && length + size <= Spares.CAPACITY ? mapped.at(length) : null;
    }

    /** Records up to {@code last} were copied into the mapped segment, which now ends at {@code end}. */
    void appendedMapped(long end, long last) {
        length = end;
        lastSeq = last;
    }

    /**
     * Makes the retry of records written but not synced start where {@link #append} wrote them (in the same segment:
     * the sync failed after it), so it writes the same bytes over them.
     */
    void cutBack(long position) {
        length = position;
    }

    /**
     * Lets go of the active segment's mapping before it is cut to its records' length: a store into a mapped page
     * past a file's end faults. The sync after it still writes the pages stored into (they are the file's).
     */
    private void letGoOfMapping() {
        mapped = null;
    }

    long bytesSinceBase() {
        return closedBytes + length - JournalFile.HEADER;
    }

    synchronized long baseLength() {
        return manifest.base().map(Manifest.Base::length).orElse(0L);
    }

    /**
     * Closes the active segment (synced, whatever {@code --fsync} says, and cut to its records' length, since the
     * manifest then says it is complete) and starts the next one.
     */
    private synchronized void next() throws IOException {
        // Synced first: if the sync fails, the segment stays active and mapped for the retry.
        active.force(false);
        letGoOfMapping();
        active.truncate(length);
        active.force(true);
        List<Manifest.Segment> closed = new ArrayList<>();
        for (Manifest.Segment each : manifest.segments()) {
            closed.add(each.closed() ? each : new Manifest.Segment(each.file(), each.after(), length, lastSeq));
        }
        FileChannel previous = active;
        long records = length - JournalFile.HEADER;
        Manifest before = manifest;
        manifest = new Manifest(manifest.base(), closed);
        try {
            startSegment(spares.take());
        } catch (IOException e) {
            manifest = before;
            throw e;
        }
        closedBytes += records;
        previous.close();
    }

    /** Starts the next segment for a rewrite whose base will cover everything up to here. */
    synchronized Cut rotate() throws IOException {
        next();
        long baseNumber = manifest.nextFileNumber();
        return new Cut(lastSeq, directory.resolve(Manifest.baseName(baseNumber)), baseNumber);
    }

    /** Makes {@code base} (complete and synced) the journal's base and deletes the files it replaces. */
    synchronized void install(Cut cut, long baseLength) throws IOException {
        List<Manifest.Segment> kept = manifest.segments().stream()
                .filter(each -> each.after() >= cut.seq())
                .toList();
        Manifest updated = new Manifest(
                Optional.of(new Manifest.Base(cut.base().getFileName().toString(), baseLength, cut.seq())), kept);
        updated.write(directory);
        Set<String> obsolete = names(manifest);
        obsolete.removeAll(names(updated));
        Set<String> segmentsBefore = names(new Manifest(Optional.empty(), manifest.segments()));
        manifest = updated;
        closedBytes = closedBytes(updated);
        List<Path> reusable = new ArrayList<>();
        for (String file : obsolete) {
            Path path = directory.resolve(file);
            try {
                // A segment at least half full is used again; one a rotation closed early holds too little.
                if (segmentsBefore.contains(file) && Files.size(path) >= Spares.CAPACITY / 2) {
                    reusable.add(path);
                } else {
                    Mapping.delete(path);
                }
            } catch (IOException e) {
                LOG.warn("could not delete {}, which the journal no longer needs: {}", path, e.toString());
            }
        }
        spares.reuse(reusable);
    }

    static Set<String> names(Manifest manifest) {
        Set<String> names = new HashSet<>();
        manifest.base().ifPresent(base -> names.add(base.file()));
        manifest.segments().forEach(segment -> names.add(segment.file()));
        return names;
    }

    private static long closedBytes(Manifest manifest) {
        return manifest.segments().stream()
                .filter(Manifest.Segment::closed)
                .mapToLong(each -> each.length() - JournalFile.HEADER)
                .sum();
    }

    /**
     * Closes the active segment, synced and cut to its records first unless {@code sync} is false (its disk is
     * failing), and the spares' thread.
     */
    void close(boolean sync) {
        spares.close();
        try {
            letGoOfMapping();
            if (sync) {
                active.force(false);
                active.truncate(length);
                active.force(true);
            }
        } catch (IOException e) {
            LOG.error("could not sync the journal on stopping: {}", e.toString());
        }
        try {
            active.close();
        } catch (IOException e) {
            LOG.debug("closing the journal segment: {}", e.toString());
        }
    }
}
