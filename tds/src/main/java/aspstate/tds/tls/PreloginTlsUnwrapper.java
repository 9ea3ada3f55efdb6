package aspstate.tds.tls;

import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsPacketDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import java.util.List;

/**
 * Hands the TLS handshake records the client sends inside PRELOGIN packets ([MS-TDS] 3.2.5.2) to the SslHandler
 * behind it, one packet's payload at a time. The first bytes that are not a PRELOGIN packet are the client's first
 * raw TLS record (record types are 20..23, PRELOGIN is 18): the handshake is over, so this and its
 * {@link PreloginTlsWrapper} leave the pipeline, and what is left of the read goes on to the SslHandler as is.
 */
final class PreloginTlsUnwrapper extends ByteToMessageDecoder {
    private final PreloginTlsWrapper wrapper;

    PreloginTlsUnwrapper(PreloginTlsWrapper wrapper) {
        this.wrapper = wrapper;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        if (in.getUnsignedByte(start) != PacketType.PRELOGIN) {
            ctx.pipeline().remove(wrapper);
            ctx.pipeline().remove(this);
            return;
        }
        if (in.readableBytes() < TdsPacketDecoder.HEADER_BYTES) {
            return;
        }
        int length = in.getUnsignedShort(start + 2);
        if (length < TdsPacketDecoder.HEADER_BYTES) {
            in.skipBytes(in.readableBytes());
            throw new CorruptedFrameException("TDS packet length " + length + " is shorter than its header");
        }
        if (in.readableBytes() < length) {
            return;
        }
        in.skipBytes(TdsPacketDecoder.HEADER_BYTES);
        out.add(in.readRetainedSlice(length - TdsPacketDecoder.HEADER_BYTES));
    }
}
