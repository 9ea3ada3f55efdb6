package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;

/**
 * PLP, partially length-prefixed values ([MS-TDS] 2.2.5.2.3): how the (max) types travel. An 8-byte total length
 * (all ones for NULL, or UNKNOWN when the sender streams), then chunks of a 4-byte length and data, ended by a
 * chunk of length 0.
 */
final class Plp {
    private static final long NULL = 0xFFFFFFFFFFFFFFFFL;
    private static final long UNKNOWN_LENGTH = 0xFFFFFFFFFFFFFFFEL;

    private Plp() {}

    static byte[] read(ByteBuf in) {
        long total = in.readLongLE();
        if (total == NULL) {
            return null;
        }
        // The length is an unsigned 64-bit number: read signed, a huge one looked negative, passed this check and
        // then failed as a negative array size, an unexpected error logged with its stack trace on every request.
        if (total != UNKNOWN_LENGTH && Long.compareUnsigned(total, in.readableBytes()) > 0) {
            throw new TdsProtocolException(
                    "PLP value of " + Long.toUnsignedString(total) + " bytes is longer than the rest of the request");
        }
        ByteArrayOutputStream value = new ByteArrayOutputStream(total == UNKNOWN_LENGTH ? 256 : (int) total);
        for (long chunk = in.readUnsignedIntLE(); chunk != 0; chunk = in.readUnsignedIntLE()) {
            if (chunk > in.readableBytes()) {
                throw new TdsProtocolException(
                        "PLP chunk of " + chunk + " bytes is longer than the rest of the request");
            }
            byte[] data = new byte[(int) chunk];
            in.readBytes(data);
            value.writeBytes(data);
        }
        if (total != UNKNOWN_LENGTH && total != value.size()) {
            throw new TdsProtocolException(
                    "PLP value announced " + total + " bytes but its chunks hold " + value.size());
        }
        return value.toByteArray();
    }

    /** Writes the value as one chunk: its length is known, and one chunk is the least the client must parse. */
    static void write(ByteBuf out, byte[] value) {
        if (value == null) {
            out.writeLongLE(NULL);
            return;
        }
        out.writeLongLE(value.length);
        if (value.length > 0) {
            out.writeIntLE(value.length).writeBytes(value);
        }
        out.writeIntLE(0);
    }
}
