package aspstate.tds.request;

import aspstate.tds.wire.TdsProtocolException;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * A SQL_BATCH message ([MS-TDS] 2.2.6.7): optional ALL_HEADERS, then the statement text in UTF-16LE up to the end
 * of the message.
 */
public record SqlBatchRequest(String text) {
    public static SqlBatchRequest parse(ByteBuf payload, boolean withAllHeaders) {
        if (withAllHeaders) {
            AllHeaders.skip(payload);
        }
        if (payload.readableBytes() % 2 != 0) {
            throw new TdsProtocolException("SQL batch text of an odd number of bytes is not UTF-16");
        }
        return new SqlBatchRequest(Utf16.read(payload, payload.readableBytes() / 2));
    }
}
