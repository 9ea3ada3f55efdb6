package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The journal's files as the manifest lists them: the segment being appended to (by the writer thread alone), the
 * closed segments and the base before it. Rotation (the writer, when a rewrite starts) and installing a new base
 * (the rewrite, when it ends) replace the manifest; they never run at once.
 */
final class Segments {
    private static final Logger LOG = LoggerFactory.getLogger(Segments.class);

    private final Path directory;
    private final FileOpener files;
    private final int format;
    /** Guarded by this. */
    private Manifest manifest;
    private FileChannel active;
    /** The active segment's length; written by the writer thread. */
    private volatile long length;
    /** The sequence number of the last record in the active segment. */
    private long lastSeq;
    /** Bytes of records in the closed segments after the base. */
    private volatile long closedBytes;

    /** What a rotation cut: the base of the rewrite it starts covers every record up to {@link #seq()}. */
    record Cut(long seq, Path base, long baseNumber) {
    }

    private Segments(Path directory, FileOpener files, int format, Manifest manifest, FileChannel active,
                     long lastSeq) {
        this.directory = directory;
        this.files = files;
        this.format = format;
        this.manifest = manifest;
        this.active = active;
        this.length = JournalFile.HEADER;
        this.lastSeq = lastSeq;
        this.closedBytes = closedBytes(manifest);
    }

    /**
     * Starts a new segment after the files of {@code replayed} (the last of which becomes a closed one, with the
     * length it was replayed to) and lists it in the manifest.
     */
    static Segments start(Path directory, FileOpener files, int format, Manifest replayed, long lastSeq,
                          long lastLength) throws IOException {
        List<Manifest.Segment> closed = new ArrayList<>();
        List<Manifest.Segment> old = replayed.segments();
        for (int i = 0; i < old.size(); i++) {
            Manifest.Segment each = old.get(i);
            closed.add(i < old.size() - 1 ? each : new Manifest.Segment(each.file(), each.after(), lastLength,
                    lastSeq));
        }
        return startAfter(directory, files, format, new Manifest(replayed.base(), closed), lastSeq);
    }

    /** The files of a new journal: one empty segment. */
    static Segments create(Path directory, FileOpener files, int format) throws IOException {
        return startAfter(directory, files, format, new Manifest(Optional.empty(), List.of()), 0);
    }

    private static Segments startAfter(Path directory, FileOpener files, int format, Manifest closed, long lastSeq)
            throws IOException {
        Started started = startSegment(directory, files, format, closed, lastSeq);
        return new Segments(directory, files, format, started.manifest(), started.channel(), lastSeq);
    }

    /** A new segment and the manifest that lists it after the closed files, written. */
    private record Started(FileChannel channel, Manifest manifest) {
    }

    private static Started startSegment(Path directory, FileOpener files, int format, Manifest closed, long after)
            throws IOException {
        long number = closed.nextFileNumber();
        String name = Manifest.segmentName(number);
        FileChannel channel = createFile(files, directory.resolve(name), new JournalFile.Header(
                JournalFile.Type.SEGMENT, format, after, number));
        List<Manifest.Segment> all = new ArrayList<>(closed.segments());
        all.add(new Manifest.Segment(name, after, -1, -1));
        Manifest manifest = new Manifest(closed.base(), all);
        try {
            manifest.write(directory);
        } catch (IOException e) {
            channel.close();
            Files.deleteIfExists(directory.resolve(name));
            throw e;
        }
        return new Started(channel, manifest);
    }

    /** A new journal file with its header, on disk (file and directory entry) before it is used. */
    static FileChannel createFile(FileOpener files, Path file, JournalFile.Header header) throws IOException {
        FileChannel channel = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ);
        try {
            JournalFile.writeHeader(channel, header);
            channel.force(true);
            Manifest.syncDirectory(file.getParent());
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** A new journal file of this journal (a segment or a rewrite's base). */
    FileChannel newFile(Path file, JournalFile.Header header) throws IOException {
        return createFile(files, file, header);
    }

    long length() {
        return length;
    }

    /** Writes the whole buffer at the end of the active segment, whose last record is then {@code last}. */
    void append(ByteBuffer records, long last) throws IOException {
        long position = length;
        while (records.hasRemaining()) {
            position += active.write(records, position);
        }
        length = position;
        lastSeq = last;
    }

    void sync() throws IOException {
        active.force(false);
    }

    /** Drops what a failed write may have left after {@code position}, which the retry writes again. */
    void cutBack(long position) {
        length = position;
        try {
            active.truncate(position);
        } catch (IOException e) {
            // The retry writes over it at the same position anyway.
            LOG.debug("could not cut the journal segment back to {}: {}", position, e.toString());
        }
    }

    long bytesSinceBase() {
        return closedBytes + length - JournalFile.HEADER;
    }

    synchronized long baseLength() {
        return manifest.base().map(Manifest.Base::length).orElse(0L);
    }

    /**
     * Closes the active segment (synced, whatever {@code --fsync} says, since the manifest then says it is complete)
     * and starts the next one, for a rewrite whose base will cover everything up to here.
     */
    synchronized Cut rotate() throws IOException {
        active.force(false);
        List<Manifest.Segment> closed = new ArrayList<>();
        for (Manifest.Segment each : manifest.segments()) {
            closed.add(each.closed() ? each : new Manifest.Segment(each.file(), each.after(), length, lastSeq));
        }
        Started next = startSegment(directory, files, format, new Manifest(manifest.base(), closed), lastSeq);
        Manifest updated = next.manifest();
        manifest = updated;
        FileChannel previous = active;
        active = next.channel();
        closedBytes += length - JournalFile.HEADER;
        length = JournalFile.HEADER;
        previous.close();
        long baseNumber = updated.nextFileNumber();
        return new Cut(lastSeq, directory.resolve(Manifest.baseName(baseNumber)), baseNumber);
    }

    /** Makes {@code base} (complete and synced) the journal's base and deletes the files it replaces. */
    synchronized void install(Cut cut, long baseLength) throws IOException {
        List<Manifest.Segment> kept = manifest.segments().stream().filter(each -> each.after() >= cut.seq())
                .toList();
        Manifest updated = new Manifest(Optional.of(new Manifest.Base(cut.base().getFileName().toString(),
                baseLength, cut.seq())), kept);
        updated.write(directory);
        Set<String> obsolete = names(manifest);
        obsolete.removeAll(names(updated));
        manifest = updated;
        closedBytes = closedBytes(updated);
        for (String file : obsolete) {
            try {
                Files.deleteIfExists(directory.resolve(file));
            } catch (IOException e) {
                LOG.warn("could not delete {}, which the journal no longer needs: {}", directory.resolve(file),
                        e.toString());
            }
        }
    }

    static Set<String> names(Manifest manifest) {
        Set<String> names = new HashSet<>();
        manifest.base().ifPresent(base -> names.add(base.file()));
        manifest.segments().forEach(segment -> names.add(segment.file()));
        return names;
    }

    private static long closedBytes(Manifest manifest) {
        return manifest.segments().stream().filter(Manifest.Segment::closed)
                .mapToLong(each -> each.length() - JournalFile.HEADER).sum();
    }

    /** Closes the active segment, synced first unless {@code sync} is false (its disk is failing). */
    void close(boolean sync) {
        try {
            if (sync) {
                active.force(false);
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
