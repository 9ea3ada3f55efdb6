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
 * closed segments and the base before them, and the next segment, made ahead. A segment's space is made ahead
 * ({@link Spares}), so its records overwrite zeros and a sync writes data only (one that could not be made grows as
 * it is written). The next segment is also renamed, headed and listed in the manifest ahead ({@link #settle}), so
 * that when the records would pass {@link Spares#CAPACITY} the switch to it is made in memory
 * ({@link #switchInMemory}), by whichever thread appends, while answers go on: the writer then syncs the segment
 * left, cuts it to its records' length, lists it closed and makes the next one ahead. Settling a switch (the writer)
 * and installing a rewrite's base (the rewrite, when it ends) replace the manifest, one at a time.
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

    private volatile FileChannel active;
    /** The active segment's file name. */
    private String activeFile;
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
    /** The next segment, made and listed ahead; made by the writer, taken by a switch. */
    private volatile Ahead ahead;
    /** The segment a switch left, until the writer has synced it, cut it and listed it closed. */
    private volatile Left left;
    /**
     * A segment made ahead whose listing failed (the manifest could not be written): the next {@link #settle} lists
     * it rather than making another, so a failing disk does not use up spares; it is never switched to unlisted.
     */
    private Ahead unlisted;

    /** A segment made ahead: renamed, headed (following {@link JournalFile#AHEAD}) and listed. */
    private record Ahead(String file, long number, FileChannel channel, Mapping mapping) {}

    /** The segment a switch left, at its records' end, and the one switched to. */
    private record Left(String file, FileChannel channel, long length, long last, String next) {}

    /** True while {@link #settle} runs. */
    private volatile boolean settlingNow;
    /** Told when a spare is ready, while none may be made ahead: the writer's wake-up. */
    private volatile Runnable whenSpareReady;

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
        this.spares = new Spares(directory, files, () -> {
            Runnable wake = whenSpareReady;
            if (wake != null) {
                wake.run();
            }
        });
    }

    /**
     * Starts a new segment after the files of {@code replayed} (every segment closed at the length it was replayed
     * to, {@link Replay#replayed}) and lists it in the manifest.
     */
    static Segments start(Path directory, FileOpener files, int format, Manifest replayed, long lastSeq)
            throws IOException {
        return new Segments(directory, files, format, replayed, lastSeq);
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
        activeFile = name;
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
            roll();
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
     * does not (the caller then switches to the segment made ahead, {@link #switchInMemory}, or sends the record
     * through {@link #append}) or is not mapped.
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

    /**
     * Bytes of records since the base: the closed segments', the active one's, and those of a segment a switch left
     * that the writer has not yet listed closed. Read without a lock, in the order that the appending thread's switch
     * (left, then length) and the writer's listing (closed bytes, then left) write them: a reader can count a
     * segment twice for a moment, never miss one.
     */
    long bytesSinceBase() {
        long active = length - JournalFile.HEADER;
        Left switched = left;
        long closed = closedBytes;
        return closed + active + (switched == null ? 0 : switched.length() - JournalFile.HEADER);
    }

    synchronized long baseLength() {
        return manifest.base().map(Manifest.Base::length).orElse(0L);
    }

    /**
     * Switches to the segment made ahead, with no system call, when one is ready and mapped and the last switch is
     * settled: its header is stored through the mapping. The caller holds the journal's lock while records are copied
     * straight into the segment, or is the only one appending; the writer is to {@link #settle} next.
     */
    boolean switchInMemory() {
        Ahead next = ahead;
        if (next == null || next.mapping() == null || left != null) {
            return false;
        }
        JournalFile.putHeader(next.mapping().at(0), header(next));
        switchTo(next);
        return true;
    }

    /** Switches to the next segment, settling the last switch and making the next segment first if need be. */
    private void roll() throws IOException {
        if (switchInMemory()) {
            return;
        }
        settle(Making.ALWAYS);
        Ahead next = ahead;
        if (next.mapping() != null) {
            JournalFile.putHeader(next.mapping().at(0), header(next));
        } else {
            JournalFile.writeHeader(next.channel(), header(next));
        }
        switchTo(next);
    }

    private JournalFile.Header header(Ahead next) {
        return new JournalFile.Header(JournalFile.Type.SEGMENT, format, lastSeq, next.number());
    }

    private void switchTo(Ahead next) {
        left = new Left(activeFile, active, length, lastSeq, next.file());
        letGoOfMapping();
        mapped = next.mapping();
        activeFile = next.file();
        length = JournalFile.HEADER;
        active = next.channel();
        ahead = null;
    }

    /** True when a switch waits to be settled: the writer's next {@link #settle}, before anything else. */
    boolean switchLeft() {
        return left != null;
    }

    /**
     * True when {@link #settle} has work: a switch to settle, or no segment made ahead and one to list (a spare ready,
     * or one whose listing failed). Read by the writer each turn, so that it takes the files only then.
     */
    boolean settleDue() {
        return left != null || (ahead == null && (unlisted != null || spares.ready()));
    }

    /**
     * Runs {@code wake} each time a spare is ready (off the caller's thread), to make the next segment ahead; and now,
     * when one already is: the spares' thread starts with the files and may finish the first before it is asked.
     */
    void whenSpareReady(Runnable wake) {
        whenSpareReady = wake;
        // Both sides write, then read the other's volatile: a spare made meanwhile is told by at least one of them.
        if (spares.ready()) {
            wake.run();
        }
    }

    /**
     * Settles the last switch: the segment left is synced (whatever {@code --fsync} says, since the manifest then
     * says it is complete), cut to its records' length and listed closed; and makes the next segment ahead when a
     * spare is ready. The writer's, or the holder of the files when a batch needs the next segment.
     */
    void settle() throws IOException {
        settle(Making.IF_SPARE_READY);
    }

    /**
     * The manifest that lists a settled switch, or a segment made ahead, could not be written (a full disk): nothing
     * is at risk meanwhile, since the manifest on disk lists the segment switched to as the one ahead, which replay
     * reads after the open one; only the next switch waits for it.
     */
    static final class ListingFailed extends IOException {
        private static final long serialVersionUID = 1L;

        ListingFailed(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** When {@link #settle} makes the next segment, if none is made. */
    private enum Making {
        NOT,
        IF_SPARE_READY,
        /** Even with no spare ready: a new empty file, which grows as it is written. */
        ALWAYS
    }

    private void settle(Making making) throws IOException {
        settlingNow = true;
        try {
            settleOrMake(making);
        } finally {
            settlingNow = false;
        }
    }

    /**
     * True while {@link #settle} has work or runs (for tests: files are renamed and listed meanwhile). Read in this
     * order, the spare a settle takes is seen ready, or the settle running, or the segment it made listed ahead.
     */
    boolean settling() {
        return settleDue() || settlingNow;
    }

    private void settleOrMake(Making making) throws IOException {
        Left switched = left;
        if (switched != null) {
            switched.channel().force(false);
            switched.channel().truncate(switched.length());
            switched.channel().force(true);
        }
        Ahead made = null;
        if (ahead == null && making != Making.NOT) {
            try {
                made = unlisted != null ? unlisted : makeAhead(making == Making.ALWAYS);
            } catch (IOException e) {
                if (switched == null || making == Making.ALWAYS) {
                    throw e;
                }
                // The switch is settled without it; the writer makes it next time, and says so if it fails again.
                LOG.debug("could not make the next segment ahead: {}", e.toString());
            }
        }
        if (switched == null && made == null) {
            return;
        }
        try {
            list(switched, made);
        } catch (IOException e) {
            unlisted = made;
            throw new ListingFailed(e);
        }
        unlisted = null;
        if (switched != null) {
            left = null;
            try {
                switched.channel().close();
            } catch (IOException e) {
                LOG.debug("closing the segment left: {}", e.toString());
            }
        }
        if (made != null) {
            ahead = made;
        }
    }

    /**
     * Writes the manifest with the segment a switch left closed (its records then counted among the closed ones), and
     * the one made ahead listed.
     */
    private synchronized void list(Left switched, Ahead made) throws IOException {
        List<Manifest.Segment> all = new ArrayList<>();
        for (Manifest.Segment each : manifest.segments()) {
            if (switched != null && each.file().equals(switched.file())) {
                all.add(new Manifest.Segment(each.file(), each.after(), switched.length(), switched.last()));
            } else if (switched != null && each.file().equals(switched.next())) {
                all.add(new Manifest.Segment(each.file(), switched.last(), -1, -1));
            } else {
                all.add(each);
            }
        }
        if (made != null) {
            all.add(Manifest.Segment.ahead(made.file()));
        }
        Manifest listed = new Manifest(manifest.base(), all);
        listed.write(directory);
        manifest = listed;
        if (switched != null) {
            closedBytes += switched.length() - JournalFile.HEADER;
        }
    }

    /**
     * The next segment: a spare renamed, headed and synced (a new empty file instead when none is ready and
     * {@code needed}), mapped where segments are; null when no spare is ready and it is not needed.
     */
    private Ahead makeAhead(boolean needed) throws IOException {
        Path made = spares.take();
        if (made == null && !needed) {
            return null;
        }
        long number;
        synchronized (this) {
            number = manifest.nextFileNumber();
        }
        String name = Manifest.segmentName(number);
        Path file = directory.resolve(name);
        JournalFile.Header header = new JournalFile.Header(JournalFile.Type.SEGMENT, format, JournalFile.AHEAD, number);
        FileChannel channel = made == null ? createFile(files, file, header) : useSpare(made, file, header);
        return new Ahead(name, number, channel, mappable ? Mapping.of(channel, Spares.CAPACITY) : null);
    }

    /**
     * Starts the next segment for a rewrite whose base will cover everything up to here: the switch to it is made
     * by the caller ({@link #switchInMemory} under the journal's lock), or here when it could not be.
     */
    Cut rotate(boolean switched) throws IOException {
        if (!switched) {
            roll();
        }
        // Read before settling: once the next segment is listed ahead, an event loop may switch again.
        long cut = left.last();
        settle();
        synchronized (this) {
            long number = manifest.nextFileNumber();
            return new Cut(cut, directory.resolve(Manifest.baseName(number)), number);
        }
    }

    /** Makes {@code base} (complete and synced) the journal's base and deletes the files it replaces. */
    synchronized void install(Cut cut, long baseLength) throws IOException {
        List<Manifest.Segment> kept = manifest.segments().stream()
                .filter(each -> each.ahead() || each.after() >= cut.seq())
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
            if (sync) {
                settle(Making.NOT);
            }
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
            Left switched = left;
            if (switched != null) {
                switched.channel().close();
            }
            for (Ahead next : new Ahead[] {ahead, unlisted}) {
                if (next != null) {
                    // Left as it is: the next start finds it empty if listed, and deletes it if not.
                    next.channel().close();
                }
            }
        } catch (IOException e) {
            LOG.debug("closing the journal segment: {}", e.toString());
        }
    }
}
