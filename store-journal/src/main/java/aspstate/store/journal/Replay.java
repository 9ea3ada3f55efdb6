package aspstate.store.journal;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the journal the manifest lists, base first, and applies its records in order: what each store held when
 * the journal was last written. Expired entries are left in (their expiry is the store's business) so that a later
 * record's metadata still finds the payload it goes with.
 *
 * <p>At start ({@link Mode#START}) every file must be as the manifest says (there, its header matching, closed ones of
 * the listed length) and every record must check out, with one exception: the end of the segment that was being
 * written, and the segment listed ahead after it, may hold the torn last records of a crash. A damaged record there
 * with no good record after it is such a tail, and is cut off ({@link TornTail}); so are the records of the segment
 * ahead when they do not follow the last record before it; a damaged record with good records after it is damage,
 * as anywhere else ({@link JournalDamageException}). To examine a damaged journal ({@link Mode#EXAMINE}) each problem
 * is noted ({@link Damage}) and reading goes on at the next record that checks out, keeping every good one.
 */
final class Replay {
    private final Path directory;
    private final Mode mode;
    private final JournalFormat format;
    private final Map<StoreKind, Map<String, Object>> entries = new EnumMap<>(StoreKind.class);
    private final List<Damage> damages = new ArrayList<>();
    private long lastSeq;
    /** Where the records of the last file read end (after a torn tail was cut off, at start). */
    private long end = JournalFile.HEADER;
    /** The segments as read: each closed, at the length and last record it was replayed to. */
    private final List<Manifest.Segment> replayed = new ArrayList<>();

    private long records;
    private Optional<TornTail> tornTail = Optional.empty();

    enum Mode {
        /** Stop at the first damage; cut a torn tail off. */
        START,
        /** Note every damage and read on; change nothing. */
        EXAMINE
    }

    /**
     * The end of the journal that did not check out (cut off at start): where it begins, and its bytes and records
     * in all, the segment listed ahead's included.
     *
     * @param frames how many records the torn bytes were the start of
     */
    record TornTail(Path file, long offset, long bytes, int frames) {}

    /** A problem found when examining: where, how many bytes were skipped, and what. */
    record Damage(Path file, long offset, long bytes, String problem) {}

    private Replay(Path directory, Mode mode, JournalFormat format) {
        this.directory = directory;
        this.mode = mode;
        this.format = format;
        for (StoreKind kind : StoreKind.values()) {
            entries.put(kind, new HashMap<>());
        }
    }

    /**
     * @throws JournalDamageException at start, when a file is missing or not what the manifest says, or a record
     *                                before the end is damaged
     */
    static Replay of(Path directory, Manifest manifest, Mode mode, JournalFormat format) throws IOException {
        Replay replay = new Replay(directory, mode, format);
        long after = 0;
        if (manifest.base().isPresent()) {
            Manifest.Base base = manifest.base().get();
            replay.file(base.file(), JournalFile.Type.BASE, base.after(), base.length(), false, false);
            after = base.after();
            replay.lastSeq = after;
        }
        List<Manifest.Segment> segments = manifest.segments();
        // The segment being written, and the one made ahead after it, may end in a crash's torn records.
        int open = manifest.open();
        for (int i = 0; i < segments.size(); i++) {
            Manifest.Segment segment = segments.get(i);
            boolean ahead = manifest.endsAhead() && i == segments.size() - 1;
            if (!ahead && segment.after() != after) {
                replay.damaged(
                        directory.resolve(Manifest.FILE),
                        0,
                        0,
                        segment.file() + " follows record "
                                + segment.after() + " but the files before it end at record " + after
                                + ": a segment is "
                                + "missing");
                replay.lastSeq = Math.max(replay.lastSeq, segment.after());
            }
            long follows = ahead ? after : segment.after();
            replay.file(segment.file(), JournalFile.Type.SEGMENT, follows, segment.length(), i >= open, ahead);
            if (segment.closed() && replay.lastSeq != segment.last()) {
                replay.damaged(
                        directory.resolve(segment.file()),
                        segment.length(),
                        0,
                        "its records end at " + replay.lastSeq + " but the manifest says " + segment.last());
            }
            replay.replayed.add(new Manifest.Segment(
                    segment.file(), follows, segment.closed() ? segment.length() : replay.end, replay.lastSeq));
            after = replay.lastSeq;
        }
        return replay;
    }

    /** At start, throws; when examining, notes it and goes on. */
    private void damaged(Path file, long offset, long bytes, String problem) {
        if (mode == Mode.START) {
            throw new JournalDamageException(file, offset, problem);
        }
        damages.add(new Damage(file, offset, bytes, problem));
    }

    /**
     * Reads one file the manifest lists. {@code last} for the segment being written and the one made ahead, whose
     * ends may be torn; {@code ahead} for the one made ahead, which follows wherever the one before it ends: its
     * records are a torn tail as a whole when they start past that (a crash kept them but not the end of the one
     * before, possible with {@code --fsync everysec}).
     */
    private void file(String name, JournalFile.Type type, long after, long length, boolean last, boolean ahead)
            throws IOException {
        Path file = directory.resolve(name);
        boolean cut = last && mode == Mode.START;
        FileChannel channel;
        try {
            channel = FileChannel.open(
                    file,
                    cut
                            ? new StandardOpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE}
                            : new StandardOpenOption[] {StandardOpenOption.READ});
        } catch (NoSuchFileException e) {
            damaged(file, 0, 0, "the manifest names it, but it is missing");
            return;
        }
        try (channel) {
            if (length >= 0 && channel.size() != length) {
                damaged(
                        file,
                        0,
                        Math.abs(length - channel.size()),
                        "it is " + channel.size() + " bytes long, but " + "the manifest says " + length
                                + ": it was cut or written to after it was closed");
            }
            JournalFile.Header header;
            try {
                header = JournalFile.readHeader(channel, file);
            } catch (JournalDamageException e) {
                damaged(file, 0, channel.size(), e.problem());
                return;
            }
            if (header.format() != format.id()) {
                damaged(
                        file,
                        0,
                        channel.size(),
                        "it is not " + format.description() + " (its records are in " + "format " + header.format()
                                + "): start the server as it was, or use another --data-dir");
                return;
            }
            // A segment's header says the record it follows once it is switched to; a crash may leave it unsaid.
            boolean unsaid = last && header.after() == JournalFile.AHEAD;
            boolean pastAGap = ahead && header.after() > after;
            if (header.type() != type || (header.after() != after && !unsaid && !pastAGap)) {
                damaged(
                        file,
                        0,
                        channel.size(),
                        "its header says " + header.type() + " after record " + header.after() + ", the manifest "
                                + type + " after record " + after);
                return;
            }
            RecordScanner scanner = new RecordScanner(channel);
            if (pastAGap || (ahead && scanner.recordAt(JournalFile.HEADER, seq -> seq > after + 1) != null)) {
                tornFrom(
                        file, scanner, JournalFile.HEADER, scanner.nextRecord(JournalFile.HEADER, seq -> seq <= after));
                cutAt(channel, JournalFile.HEADER);
                this.end = JournalFile.HEADER;
            } else {
                read(file, channel, scanner, type, after, last);
            }
            if (cut && header.after() != after) {
                JournalFile.writeHeader(channel, new JournalFile.Header(type, header.format(), after, header.number()));
                channel.force(true);
            }
        }
    }

    /** Reads a file's records; {@code after} is the sequence number its header says come before them. */
    private void read(
            Path file, FileChannel channel, RecordScanner scanner, JournalFile.Type type, long after, boolean last)
            throws IOException {
        long offset = JournalFile.HEADER;
        while (offset < scanner.end()) {
            long expected = lastSeq + 1;
            long good = lastSeq;
            RecordScanner.SeqRule seqs = type == JournalFile.Type.BASE
                    ? seq -> seq == 0
                    : mode == Mode.START ? seq -> seq == expected : seq -> seq > good;
            RecordScanner.Record record = scanner.recordAt(offset, seqs);
            if (record == null && last && scanner.zerosFrom(offset)) {
                // The rest of the segment made ahead, never written to: the records end here.
                cutAt(channel, offset);
                break;
            }
            if (record == null) {
                long next = scanner.nextRecord(
                        offset + 1, type == JournalFile.Type.BASE ? seq -> seq == 0 : seq -> seq > good);
                if (next < 0 && last) {
                    endOfTheLastSegment(file, channel, scanner, offset, expected, after);
                    break;
                }
                damaged(
                        file,
                        offset,
                        (next < 0 ? scanner.end() : next) - offset,
                        "a damaged record"
                                + (next >= 0
                                        ? ", with good records again from offset " + next
                                        : " at the end of a file that " + "was complete")
                                + "; run 'aspstate journal verify " + directory + "' for details, and "
                                + "'aspstate journal repair " + directory + "' to keep every good record");
                if (next < 0) {
                    break;
                }
                offset = next;
                continue;
            }
            apply(file, record);
            if (type == JournalFile.Type.SEGMENT) {
                lastSeq = record.seq();
            }
            offset += record.size();
        }
        end = offset;
    }

    /**
     * Ends the last segment at {@code offset}, where no record of this journal's follows. A segment reused from
     * before a rewrite holds the records of an older segment past the ones written into it ({@link Spares}): those
     * are where the segment's records end, not a torn tail. Only bytes that begin the next record ({@code expected})
     * are one, up to the older records or the zeros that follow, if any.
     */
    private void endOfTheLastSegment(
            Path file, FileChannel channel, RecordScanner scanner, long offset, long expected, long after)
            throws IOException {
        long older = scanner.nextRecord(offset, seq -> seq <= after);
        if (older < 0 || scanner.startsRecord(offset, expected)) {
            tornFrom(file, scanner, offset, older);
        }
        cutAt(channel, offset);
    }

    /**
     * Notes the bytes from {@code offset} as torn: up to {@code older}, where the records of an older segment the file
     * was made from begin ({@link Spares}), or, when none do ({@code older} -1), up to the zeros that follow, if any.
     */
    private void tornFrom(Path file, RecordScanner scanner, long offset, long older) throws IOException {
        long end = older < 0 ? scanner.dataEnd(offset) : older;
        torn(file, offset, end - offset, scanner.framesFrom(offset, end));
    }

    /** At start, cuts the file at {@code offset}, where its records end. */
    private void cutAt(FileChannel channel, long offset) throws IOException {
        if (mode == Mode.START) {
            channel.truncate(offset);
            channel.force(true);
        }
    }

    /** Notes a torn tail; the one made ahead adds to the one the segment before it may have. */
    private void torn(Path file, long offset, long bytes, int frames) {
        tornTail = Optional.of(tornTail.map(earlier -> new TornTail(
                        earlier.file(), earlier.offset(), earlier.bytes() + bytes, earlier.frames() + frames))
                .orElse(new TornTail(file, offset, bytes, frames)));
    }

    private void apply(Path file, RecordScanner.Record record) {
        ByteBuffer body = record.body();
        Map<String, Object> store = entries.get(record.store());
        ValueCodec<Object> codec = format.codec(record.store());
        try {
            String key = Fields.getString(body);
            switch (record.kind()) {
                case Records.PUT:
                    Object value = codec.read(body);
                    Object existing = store.get(key);
                    if (existing == null || format.replaces(value, existing)) {
                        store.put(key, value);
                    }
                    break;
                case Records.METADATA:
                    Object before = store.get(key);
                    if (before != null) {
                        store.put(key, codec.readMetadata(body, before));
                    }
                    break;
                case Records.DELETE:
                    store.remove(key);
                    break;
                default:
                    throw new CorruptRecordException("record kind " + record.kind());
            }
            records++;
        } catch (CorruptRecordException | BufferUnderflowException | IllegalArgumentException e) {
            damaged(
                    file,
                    record.offset(),
                    record.size(),
                    "a record that checks out but cannot be read (" + e.getMessage()
                            + "): written by another version of aspstate?");
        }
    }

    /** What each store held, expired entries included. */
    Map<StoreKind, Map<String, Object>> entries() {
        return entries;
    }

    /** The sequence number of the last record. */
    long lastSeq() {
        return lastSeq;
    }

    /** The journal's files as read (at start, as cut): every segment closed at the length it was replayed to. */
    Manifest replayed(Manifest read) {
        return new Manifest(read.base(), replayed);
    }

    long records() {
        return records;
    }

    Optional<TornTail> tornTail() {
        return tornTail;
    }

    /** The problems found when examining (none at start: it throws at the first). */
    List<Damage> damages() {
        return damages;
    }
}
