package aspstate.stateserver;

import aspstate.core.stateserver.StateResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedStream;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneRules;

/**
 * Writes responses byte for byte as Microsoft's state service does: a status line without an HTTP version, then
 * the headers in its order. Only a 200 to Get/GetExclusive carries a body; the real client reads no other.
 */
public final class StateServerResponses {
    /**
     * Bodies up to this size are copied into the header buffer (one write); larger ones are not part of what
     * {@link #encode} returns: {@link #separateBody} gives them, to be sent in slices as the peer takes them.
     */
    private static final int COPY_BODY_LIMIT = 8 * 1024;
    /** The slices a separate body is sent in: each is copied to the socket's memory only when it is its turn. */
    public static final int BODY_SLICE_BYTES = 64 * 1024;
    /** .NET ticks (100 ns) from 0001-01-01 to the Unix epoch. */
    private static final long TICKS_AT_UNIX_EPOCH = 621_355_968_000_000_000L;

    private final byte[] ok;
    private final byte[] notFound;
    private final byte[] badRequest;
    private final byte[] locked;
    private final ZoneRules zone;

    private static final byte[] ACTION_FLAGS = ascii("ActionFlags: 1\r\n");
    private static final byte[] LOCK_COOKIE = ascii("LockCookie: ");
    private static final byte[] LOCK_DATE = ascii("LockDate: ");
    private static final byte[] LOCK_AGE = ascii("\r\nLockAge: ");
    private static final byte[] TIMEOUT = ascii("Timeout: ");
    private static final byte[] CRLF = ascii("\r\n");
    private static final byte[] CACHE_CONTROL_LENGTH = ascii("Cache-Control: private\r\nContent-Length: ");
    private static final byte[] NO_BODY_END = ascii("Cache-Control: private\r\nContent-Length: 0\r\n\r\n");

    /**
     * @param aspNetVersion the X-AspNet-Version value; the real client refuses a major version below 2
     * @param zone          the zone LockDate is expressed in (Microsoft's service uses its local zone)
     */
    public StateServerResponses(String aspNetVersion, ZoneId zone) {
        String version = "X-AspNet-Version: " + aspNetVersion + "\r\n";
        this.ok = ascii("200 OK\r\n" + version);
        this.notFound = ascii("404 Not Found\r\n" + version + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
        this.badRequest =
                ascii("400 Bad Request\r\n" + version + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
        this.locked = ascii("423 Locked\r\n" + version);
        this.zone = zone.getRules();
    }

    /**
     * Encodes a result: the whole response, or only its head when {@link #separateBody} gives the body (then the
     * body must be written next).
     */
    public ByteBuf encode(StateResult result, ByteBufAllocator alloc) {
        switch (result.shape()) {
            case NOT_FOUND:
                return Unpooled.wrappedBuffer(notFound);
            case BAD_REQUEST:
                return Unpooled.wrappedBuffer(badRequest);
            case OK: {
                ByteBuf buf = alloc.buffer(ok.length + ACTION_FLAGS.length + NO_BODY_END.length);
                buf.writeBytes(ok);
                writeActionFlags(buf, result);
                return buf.writeBytes(NO_BODY_END);
            }
            case LOCKED: {
                ByteBuf buf = alloc.buffer(192);
                buf.writeBytes(locked);
                writeActionFlags(buf, result);
                buf.writeBytes(LOCK_DATE);
                writeDecimal(buf, toLocalTicks(result.lockedAtMillis()));
                buf.writeBytes(LOCK_AGE);
                writeDecimal(buf, result.lockAgeSeconds());
                buf.writeBytes(CRLF).writeBytes(LOCK_COOKIE);
                writeDecimal(buf, result.lockCookie());
                buf.writeBytes(CRLF);
                return buf.writeBytes(NO_BODY_END);
            }
            case DATA:
            case DATA_LOCKED:
                return encodeData(result, alloc);
            default:
                throw new IllegalStateException("unknown shape " + result.shape());
        }
    }

    private ByteBuf encodeData(StateResult result, ByteBufAllocator alloc) {
        byte[] data = result.data();
        boolean copy = data.length <= COPY_BODY_LIMIT;
        ByteBuf buf = alloc.buffer(160 + (copy ? data.length : 0));
        buf.writeBytes(ok);
        writeActionFlags(buf, result);
        if (result.shape() == StateResult.Shape.DATA_LOCKED) {
            buf.writeBytes(LOCK_COOKIE);
            writeDecimal(buf, result.lockCookie());
            buf.writeBytes(CRLF);
        }
        buf.writeBytes(TIMEOUT);
        writeDecimal(buf, result.timeoutMinutes());
        buf.writeBytes(CRLF).writeBytes(CACHE_CONTROL_LENGTH);
        writeDecimal(buf, data.length);
        buf.writeBytes(CRLF).writeBytes(CRLF);
        return copy ? buf.writeBytes(data) : buf;
    }

    /**
     * The body to send after what {@link #encode} returned, or null when that was the whole response. The stored
     * array itself (entries are immutable): a large session is never copied whole per response, so many requests
     * for it cost no more memory than the slices on their way out.
     */
    public static ChunkedInput<ByteBuf> separateBody(StateResult result) {
        boolean hasBody = result.shape() == StateResult.Shape.DATA || result.shape() == StateResult.Shape.DATA_LOCKED;
        if (!hasBody || result.data().length <= COPY_BODY_LIMIT) {
            return null;
        }
        return new ChunkedStream(new ByteArrayInputStream(result.data()), BODY_SLICE_BYTES);
    }

    private static void writeActionFlags(ByteBuf buf, StateResult result) {
        if (result.actionFlags()) {
            buf.writeBytes(ACTION_FLAGS);
        }
    }

    /** The lock time as .NET DateTime ticks in the configured zone, which is what Microsoft's service sends. */
    long toLocalTicks(long epochMillis) {
        int offsetSeconds = zone.getOffset(Instant.ofEpochMilli(epochMillis)).getTotalSeconds();
        return TICKS_AT_UNIX_EPOCH + (epochMillis + offsetSeconds * 1000L) * 10_000L;
    }

    static void writeDecimal(ByteBuf buf, long value) {
        if (value < 0) {
            buf.writeByte('-');
            value = -value;
        }
        long divisor = 1;
        while (divisor <= value / 10) {
            divisor *= 10;
        }
        for (; divisor > 0; divisor /= 10) {
            buf.writeByte((int) ('0' + value / divisor % 10));
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
