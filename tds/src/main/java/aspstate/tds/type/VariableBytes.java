package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * The value encoding the BIGVAR* and NVARCHAR types share ([MS-TDS] 2.2.5.2.1): a 2-byte length, 0xFFFF for NULL;
 * or PLP when the declared maximum length is 0xFFFF, which marks the (max) types.
 */
final class VariableBytes {
    /** The maximum length that marks varbinary(max), varchar(max) and nvarchar(max). */
    static final int MAX = 0xFFFF;

    private static final int NULL_LENGTH = 0xFFFF;

    private VariableBytes() {}

    static byte[] read(ByteBuf in, int maxLength) {
        if (maxLength == MAX) {
            return Plp.read(in);
        }
        int length = in.readUnsignedShortLE();
        if (length == NULL_LENGTH) {
            return null;
        }
        if (length > in.readableBytes()) {
            // Checked before allocating, so that a client's length costs nothing when the bytes are not there.
            throw new TdsProtocolException(
                    "value of " + length + " bytes is cut short: " + in.readableBytes() + " left in the request");
        }
        byte[] value = new byte[length];
        in.readBytes(value);
        return value;
    }

    static void write(ByteBuf out, int maxLength, byte[] value) {
        if (maxLength == MAX) {
            Plp.write(out, value);
        } else if (value == null) {
            out.writeShortLE(NULL_LENGTH);
        } else {
            if (value.length > maxLength) {
                throw new IllegalArgumentException(value.length + " bytes do not fit a type of at most " + maxLength);
            }
            out.writeShortLE(value.length).writeBytes(value);
        }
    }
}
