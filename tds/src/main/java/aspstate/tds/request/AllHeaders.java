package aspstate.tds.request;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * ALL_HEADERS ([MS-TDS] 2.2.5.3), which starts SQL_BATCH and RPC messages since TDS 7.2: a 4-byte total length
 * (itself included) and headers (transaction descriptor, query notifications, trace activity) this server does
 * not act on.
 */
public final class AllHeaders {
    private AllHeaders() {}

    public static void skip(ByteBuf payload) {
        if (payload.readableBytes() < 4) {
            throw new TdsProtocolException("request too short for its ALL_HEADERS length");
        }
        long totalLength = payload.getUnsignedIntLE(payload.readerIndex());
        if (totalLength < 4 || totalLength > payload.readableBytes()) {
            throw new TdsProtocolException("ALL_HEADERS length " + totalLength + " does not fit the request of "
                    + payload.readableBytes() + " bytes");
        }
        payload.skipBytes((int) totalLength);
    }
}
