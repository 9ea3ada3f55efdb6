package aspstate.tds.login;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * What the server needs from a client's PRELOGIN ([MS-TDS] 2.2.6.5): its encryption wish. The message is a table
 * of (token, big-endian offset, big-endian length) entries ended by 0xFF, offsets counted from the payload start.
 * A server's PRELOGIN answer has the same layout, so the project's client reads the server's choice with it too.
 *
 * @param encryption what the client asks for; OFF when it does not say
 */
public record PreloginRequest(Encryption encryption) {
    public static PreloginRequest parse(ByteBuf payload) {
        int start = payload.readerIndex();
        int end = payload.writerIndex();
        Encryption encryption = Encryption.OFF;
        int entry = start;
        while (true) {
            if (entry >= end) {
                throw new TdsProtocolException("PRELOGIN option table has no terminator");
            }
            int token = payload.getUnsignedByte(entry);
            if (token == PreloginOption.TERMINATOR) {
                return new PreloginRequest(encryption);
            }
            if (entry + PreloginOption.HEADER_BYTES > end) {
                throw new TdsProtocolException("PRELOGIN option table is cut short");
            }
            int offset = payload.getUnsignedShort(entry + 1);
            int length = payload.getUnsignedShort(entry + 3);
            if (start + offset + length > end) {
                throw new TdsProtocolException(
                        "PRELOGIN option 0x" + Integer.toHexString(token) + " points past the end of the message");
            }
            if (token == PreloginOption.ENCRYPTION) {
                if (length != 1) {
                    throw new TdsProtocolException("PRELOGIN ENCRYPTION must be 1 byte, got " + length);
                }
                try {
                    encryption = Encryption.of(payload.getUnsignedByte(start + offset));
                } catch (IllegalArgumentException e) {
                    throw new TdsProtocolException(e.getMessage());
                }
            }
            entry += PreloginOption.HEADER_BYTES;
        }
    }
}
