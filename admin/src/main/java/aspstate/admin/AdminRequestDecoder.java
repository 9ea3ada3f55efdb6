package aspstate.admin;

import aspstate.transport.RequestFraming;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.List;

/**
 * Netty's HTTP request decoder, telling {@link aspstate.transport.RequestDeadline} when a request is under way: from
 * its first byte (held in the decoder until the request line and headers are whole) to its last content.
 */
final class AdminRequestDecoder extends HttpRequestDecoder implements RequestFraming {
    private boolean inMessage;
    private long requestsFramed;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        int before = out.size();
        super.decode(ctx, buffer, out);
        for (int i = before; i < out.size(); i++) {
            Object decoded = out.get(i);
            if (decoded instanceof HttpMessage) {
                inMessage = true;
            }
            if (decoded instanceof LastHttpContent) {
                inMessage = false;
                requestsFramed++;
            }
        }
    }

    @Override
    public boolean midRequest() {
        return inMessage || internalBuffer().isReadable();
    }

    @Override
    public long requestsFramed() {
        return requestsFramed;
    }
}
