package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The header every journal file starts with: magic, format version, what the file is, the {@link JournalFormat}
 * of its records, the sequence number it starts after and its number. A file always has its header (written and synced when the file is made), so an emptied file is
 * told from one that was never written to.
 */
final class JournalFile {
    static final int HEADER = 32;
    /**
     * The {@code after} of a segment made ahead, whose first record's number is known only once the segment before
     * it is full: the switch writes it over this.
     */
    static final long AHEAD = -1;

    private static final int MAGIC = 0x4153504A; // "ASPJ"
    private static final int FORMAT = 1;

    enum Type {
        /** Records appended as changes are made. */
        SEGMENT(1),
        /** Every live entry at a moment, written by a rewrite. */
        BASE(2);

        private final int code;

        Type(int code) {
            this.code = code;
        }
    }

    /**
     * @param format the {@link JournalFormat#id()} of its records
     * @param after  the last sequence number before this file's first record
     */
    record Header(Type type, int format, long after, long number) {}

    private JournalFile() {}

    static void writeHeader(FileChannel channel, Header header) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(HEADER);
        putHeader(buffer, header);
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer, buffer.position());
        }
    }

    /** Puts the header's bytes at {@code out}'s position (a mapped file's start, or a buffer to write there). */
    static void putHeader(ByteBuffer out, Header header) {
        out.putInt(MAGIC)
                .putInt(FORMAT)
                .putInt(header.type().code)
                .putInt(header.format())
                .putLong(header.after())
                .putLong(header.number());
    }

    /** @throws JournalDamageException when the file is shorter than a header or is not a journal file of ours */
    static Header readHeader(FileChannel channel, Path file) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(HEADER);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, buffer.position()) < 0) {
                throw new JournalDamageException(
                        file,
                        0,
                        "the file is " + channel.size() + " bytes long, "
                                + "shorter than its header: it was emptied or cut after it was written");
            }
        }
        buffer.flip();
        int magic = buffer.getInt();
        int format = buffer.getInt();
        int type = buffer.getInt();
        int records = buffer.getInt();
        if (magic != MAGIC) {
            throw new JournalDamageException(file, 0, "not an aspstate journal file (its first bytes are not ASPJ)");
        }
        if (format != FORMAT) {
            throw new JournalDamageException(
                    file, 0, "written in journal format " + format + ", this aspstate reads " + "format " + FORMAT);
        }
        for (Type each : Type.values()) {
            if (each.code == type) {
                return new Header(each, records, buffer.getLong(), buffer.getLong());
            }
        }
        throw new JournalDamageException(file, 0, "unknown journal file type " + type);
    }
}
