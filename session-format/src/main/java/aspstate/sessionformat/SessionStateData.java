package aspstate.sessionformat;

import java.io.ByteArrayOutputStream;
import java.util.zip.Deflater;

/**
 * A session as ASP.NET serializes it (SessionStateUtility.Serialize): its timeout, its {@link SessionItems} and,
 * rarely, static objects (kept as the bytes they were read from). Read from and written to the bytes a StateServer,
 * SQL Server or aspstate store holds, plain or deflate-compressed ({@code compressionEnabled}).
 */
public final class SessionStateData {
    private static final int END_MARKER = 0xFF;

    private int timeoutMinutes;
    private final SessionItems items;
    private final byte[] staticObjects;
    private final boolean compressed;

    private SessionStateData(int timeoutMinutes, SessionItems items, byte[] staticObjects, boolean compressed) {
        this.timeoutMinutes = timeoutMinutes;
        this.items = items;
        this.staticObjects = staticObjects;
        this.compressed = compressed;
    }

    /** A new session without items, as ASP.NET's CreateNewStoreData makes it. */
    public static SessionStateData create(int timeoutMinutes) {
        return new SessionStateData(timeoutMinutes, new SessionItems(), null, false);
    }

    /**
     * Reads a session, plain or compressed (tried in that order).
     *
     * @throws SessionFormatException when the bytes are not a whole ASP.NET session, saying what is wrong where
     */
    public static SessionStateData read(byte[] blob) {
        BlobReading reading = SessionBlobReader.read(blob, ReadLimits.WHOLE);
        if (reading.problem() != null) {
            throw new SessionFormatException(reading.problem());
        }
        return new SessionStateData(
                reading.timeoutMinutes(),
                SessionItems.of(reading.items()),
                reading.staticObjectBytes,
                reading.compressed());
    }

    public int timeoutMinutes() {
        return timeoutMinutes;
    }

    public void setTimeoutMinutes(int timeoutMinutes) {
        this.timeoutMinutes = timeoutMinutes;
    }

    public SessionItems items() {
        return items;
    }

    /** Whether the bytes this session was read from were compressed. */
    public boolean wasCompressed() {
        return compressed;
    }

    /** Whether it holds static objects (global.asax's {@code <object scope="Session">}), which are kept as bytes. */
    public boolean hasStaticObjects() {
        return staticObjects != null;
    }

    /**
     * The session as ASP.NET writes it: with {@code compress}, raw deflate of that followed by one 0xFF, as
     * SerializeStoreData pads it.
     */
    public byte[] toBytes(boolean compress) {
        DotNetBinaryWriter out = new DotNetBinaryWriter();
        boolean hasItems = items.size() > 0;
        out.int32(timeoutMinutes).bool(hasItems).bool(staticObjects != null);
        if (hasItems) {
            items.writeTo(out);
        }
        if (staticObjects != null) {
            out.bytes(staticObjects);
        }
        byte[] envelope = out.u8(END_MARKER).toByteArray();
        return compress ? deflate(envelope) : envelope;
    }

    private static byte[] deflate(byte[] envelope) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            deflater.setInput(envelope);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(envelope.length / 2 + 16);
            byte[] chunk = new byte[8192];
            while (!deflater.finished()) {
                out.write(chunk, 0, deflater.deflate(chunk));
            }
            out.write(END_MARKER);
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }
}
