package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Reads the records of one journal file front to back through a window of the file, and, past a damaged record,
 * looks for the next record that checks out (to tell a torn tail, after which there is none, from damage in the
 * middle).
 */
final class RecordScanner {
    private static final int WINDOW = 4 << 20;

    private final FileChannel channel;
    private final long end;
    private ByteBuffer window = ByteBuffer.allocate(WINDOW);
    /** The file offset of the window's first byte. */
    private long windowStart;

    /** One record, valid until the scanner reads on. */
    record Record(long offset, int size, long seq, byte kind, StoreKind store, ByteBuffer body) {}

    /** What the sequence numbers of a file's records must look like. */
    interface SeqRule {
        boolean accepts(long seq);
    }

    RecordScanner(FileChannel channel) throws IOException {
        this.channel = channel;
        this.end = channel.size();
        window.limit(0);
    }

    long end() {
        return end;
    }

    /** The record that starts at {@code offset}, or null when none does (damaged, cut short, or garbage). */
    Record recordAt(long offset, SeqRule seqs) throws IOException {
        if (!load(offset, Records.FRAME + Records.FIXED_BODY)) {
            return null;
        }
        int at = (int) (offset - windowStart);
        int crc = window.getInt(at);
        int length = window.getInt(at + Integer.BYTES);
        if (length < Records.FIXED_BODY + Integer.BYTES || length > Records.MAX_BODY) {
            return null;
        }
        long seq = window.getLong(at + Records.FRAME);
        byte kind = window.get(at + Records.FRAME + Long.BYTES);
        int storeId = window.get(at + Records.FRAME + Long.BYTES + 1);
        if (kind < Records.PUT || kind > Records.DELETE || !seqs.accepts(seq)) {
            return null;
        }
        StoreKind store = StoreKind.withId(storeId).orElse(null);
        if (store == null || !load(offset, Records.FRAME + length)) {
            return null;
        }
        at = (int) (offset - windowStart);
        if (Records.checksum(window, at + Integer.BYTES, at + Records.FRAME + length) != crc) {
            return null;
        }
        ByteBuffer body = window.duplicate()
                .limit(at + Records.FRAME + length)
                .position(at + Records.FRAME + Records.FIXED_BODY)
                .slice();
        return new Record(offset, Records.FRAME + length, seq, kind, store, body);
    }

    /** The offset of the first record at or after {@code from} that checks out, or -1 when none does. */
    long nextRecord(long from, SeqRule seqs) throws IOException {
        for (long offset = from; offset + Records.FRAME + Records.FIXED_BODY <= end; offset++) {
            if (recordAt(offset, seqs) != null) {
                return offset;
            }
        }
        return -1;
    }

    /** True when every byte from {@code offset} to the end is zero: space a segment was made ahead with. */
    boolean zerosFrom(long offset) throws IOException {
        for (long position = offset; position < end; ) {
            int chunk = (int) Math.min(WINDOW, end - position);
            if (!load(position, chunk)) {
                break;
            }
            int at = (int) (position - windowStart);
            for (int i = 0; i < chunk; i++) {
                if (window.get(at + i) != 0) {
                    return false;
                }
            }
            position += chunk;
        }
        return true;
    }

    /** Where the file's bytes from {@code offset} on end, before the zeros (if any) that fill the rest of it. */
    long dataEnd(long offset) throws IOException {
        long dataEnd = offset;
        for (long position = offset; position < end; ) {
            int chunk = (int) Math.min(WINDOW, end - position);
            if (!load(position, chunk)) {
                break;
            }
            int at = (int) (position - windowStart);
            for (int i = chunk - 1; i >= 0; i--) {
                if (window.get(at + i) != 0) {
                    dataEnd = position + i + 1;
                    break;
                }
            }
            position += chunk;
        }
        return dataEnd;
    }

    /**
     * Whether the bytes at {@code offset} begin a record numbered {@code seq}, by its sequence number alone (the rest
     * may be torn); true too when the file ends before a record's number could be read there.
     */
    boolean startsRecord(long offset, long seq) throws IOException {
        if (!load(offset, Records.FRAME + Long.BYTES)) {
            return true;
        }
        return window.getLong((int) (offset - windowStart) + Records.FRAME) == seq;
    }

    /**
     * How many record frames follow each other from {@code from} to {@code to}, by their lengths alone: what a torn
     * tail held, said in the log.
     */
    int framesFrom(long from, long to) throws IOException {
        int frames = 0;
        long offset = from;
        while (offset < to) {
            frames++;
            if (!load(offset, Records.FRAME)) {
                break;
            }
            int length = window.getInt((int) (offset - windowStart) + Integer.BYTES);
            if (length <= 0 || length > Records.MAX_BODY) {
                break;
            }
            offset += Records.FRAME + (long) length;
        }
        return frames;
    }

    /** Makes the file's bytes [offset, offset + length) readable in the window; false when the file ends first. */
    private boolean load(long offset, int length) throws IOException {
        if (offset + length > end) {
            return false;
        }
        if (offset >= windowStart && offset + length <= windowStart + window.limit()) {
            return true;
        }
        if (window.capacity() < length) {
            window = ByteBuffer.allocate(Math.max(length, 2 * window.capacity()));
        }
        window.clear();
        windowStart = offset;
        long want = Math.min(window.capacity(), end - offset);
        window.limit((int) want);
        while (window.hasRemaining()) {
            if (channel.read(window, windowStart + window.position()) < 0) {
                break;
            }
        }
        window.limit(window.position());
        window.position(0);
        return offset + length <= windowStart + window.limit();
    }
}
