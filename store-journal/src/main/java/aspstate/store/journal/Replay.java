package aspstate.store.journal;

import aspstate.core.store.StoredValue;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the journal the manifest lists, base first, and applies its records in order: what each store held when
 * the journal was last written. Expired entries are left in (their expiry is the store's business) so that a later
 * record's metadata still finds the payload it goes with.
 *
 * <p>Every file must be as the manifest says (there, its header matching, closed ones of the listed length), and
 * every record must check out, with one exception: the end of the segment that was being written may hold the torn
 * last records of a crash. A damaged record there with no good record after it is such a tail, and is cut off
 * ({@link TornTail}); one with good records after it is damage, as anywhere else ({@link JournalDamageException}).
 */
final class Replay {
    private final Path directory;
    private final Map<StoreKind, Map<String, StoredValue>> entries = new EnumMap<>(StoreKind.class);
    private long lastSeq;
    private long lastLength = JournalFile.HEADER;
    private long records;
    private Optional<TornTail> tornTail = Optional.empty();

    /**
     * The end of the last segment that did not check out, and which was cut off.
     *
     * @param frames how many records the torn bytes were the start of
     */
    record TornTail(Path file, long offset, long bytes, int frames) {
    }

    private Replay(Path directory) {
        this.directory = directory;
        for (StoreKind kind : StoreKind.values()) {
            entries.put(kind, new HashMap<>());
        }
    }

    /**
     * @param cutTornTail cut a torn tail off the file (at start); false to leave the files as they are (verify)
     * @throws JournalDamageException when a file is missing or not what the manifest says, or a record before the
     *                                end is damaged
     */
    static Replay of(Path directory, Manifest manifest, boolean cutTornTail) throws IOException {
        Replay replay = new Replay(directory);
        long after = 0;
        if (manifest.base().isPresent()) {
            Manifest.Base base = manifest.base().get();
            replay.file(base.file(), JournalFile.Type.BASE, base.after(), base.length(), false, false);
            after = base.after();
            replay.lastSeq = after;
        }
        for (int i = 0; i < manifest.segments().size(); i++) {
            Manifest.Segment segment = manifest.segments().get(i);
            if (segment.after() != after) {
                throw new JournalDamageException(directory.resolve(Manifest.FILE), 0, segment.file() + " follows "
                        + "record " + segment.after() + " but the files before it end at record " + after
                        + ": a segment is missing");
            }
            boolean last = i == manifest.segments().size() - 1;
            replay.file(segment.file(), JournalFile.Type.SEGMENT, segment.after(), segment.length(), last,
                    last && cutTornTail);
            if (segment.closed() && replay.lastSeq != segment.last()) {
                throw new JournalDamageException(directory.resolve(segment.file()), segment.length(), "its records "
                        + "end at " + replay.lastSeq + " but the manifest says " + segment.last());
            }
            after = replay.lastSeq;
        }
        return replay;
    }

    private void file(String name, JournalFile.Type type, long after, long length, boolean mayBeTorn,
                      boolean cutTornTail) throws IOException {
        Path file = directory.resolve(name);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, cutTornTail ? new StandardOpenOption[] {StandardOpenOption.READ,
                StandardOpenOption.WRITE} : new StandardOpenOption[] {StandardOpenOption.READ});
        } catch (NoSuchFileException e) {
            throw new JournalDamageException(file, 0, "the manifest names it, but it is missing");
        }
        try (channel) {
            if (length >= 0 && channel.size() != length) {
                throw new JournalDamageException(file, 0, "it is " + channel.size() + " bytes long, but the manifest "
                        + "says " + length + ": it was cut or written to after it was closed");
            }
            JournalFile.Header header = JournalFile.readHeader(channel, file);
            if (header.type() != type || header.after() != after) {
                throw new JournalDamageException(file, 0, "its header says " + header.type() + " after record "
                        + header.after() + ", the manifest " + type + " after record " + after);
            }
            read(file, channel, type, mayBeTorn, cutTornTail);
        }
    }

    private void read(Path file, FileChannel channel, JournalFile.Type type, boolean mayBeTorn, boolean cutTornTail)
            throws IOException {
        RecordScanner scanner = new RecordScanner(channel);
        long offset = JournalFile.HEADER;
        while (offset < scanner.end()) {
            long expected = lastSeq + 1;
            RecordScanner.Record record = scanner.recordAt(offset, type == JournalFile.Type.BASE
                    ? seq -> seq == 0 : seq -> seq == expected);
            if (record == null) {
                damagedAt(file, channel, scanner, offset, type, mayBeTorn, cutTornTail);
                break;
            }
            apply(file, record);
            if (type == JournalFile.Type.SEGMENT) {
                lastSeq = record.seq();
            }
            offset += record.size();
        }
        if (mayBeTorn) {
            lastLength = Math.min(offset, scanner.end());
        }
    }

    private void damagedAt(Path file, FileChannel channel, RecordScanner scanner, long offset, JournalFile.Type type,
                           boolean mayBeTorn, boolean cutTornTail) throws IOException {
        long good = lastSeq;
        long next = scanner.nextRecord(offset + 1, type == JournalFile.Type.BASE ? seq -> seq == 0
                : seq -> seq > good);
        if (!mayBeTorn || next >= 0) {
            throw new JournalDamageException(file, offset, "a damaged record"
                    + (next >= 0 ? ", with good records again from offset " + next : " at the end of a file that was "
                    + "complete") + "; run 'aspstate journal verify " + directory + "' for details, and 'aspstate "
                    + "journal repair " + directory + "' to keep every good record");
        }
        tornTail = Optional.of(new TornTail(file, offset, scanner.end() - offset, scanner.framesFrom(offset)));
        if (cutTornTail) {
            channel.truncate(offset);
            channel.force(true);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void apply(Path file, RecordScanner.Record record) {
        ByteBuffer body = record.body();
        Map<String, StoredValue> store = entries.get(record.store());
        ValueCodec codec = record.store().codec();
        try {
            String key = Fields.getString(body);
            switch (record.kind()) {
                case Records.PUT:
                    store.put(key, (StoredValue) codec.read(body));
                    break;
                case Records.METADATA:
                    StoredValue before = store.get(key);
                    if (before != null) {
                        store.put(key, (StoredValue) codec.readMetadata(body, before));
                    }
                    break;
                case Records.DELETE:
                    store.remove(key);
                    break;
                default:
                    throw new CorruptRecordException("record kind " + record.kind());
            }
        } catch (CorruptRecordException | BufferUnderflowException | IllegalArgumentException e) {
            throw new JournalDamageException(file, record.offset(), "a record that checks out but cannot be read ("
                    + e.getMessage() + "): written by another version of aspstate?");
        }
        records++;
    }

    /** What each store held, expired entries included. */
    Map<StoreKind, Map<String, StoredValue>> entries() {
        return entries;
    }

    /** The sequence number of the last record. */
    long lastSeq() {
        return lastSeq;
    }

    /** The length of the last segment, after a torn tail was cut off. */
    long lastLength() {
        return lastLength;
    }

    long records() {
        return records;
    }

    Optional<TornTail> tornTail() {
        return tornTail;
    }
}
