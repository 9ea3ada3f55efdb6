package aspstate.tds.tls;

import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsPacketWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.PromiseNotifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends the server's TLS handshake records inside PRELOGIN packets, as the client expects until the handshake
 * is over ([MS-TDS] 3.3.5.2). What the SslHandler writes between two flushes is one flight of records and goes
 * out as one message (EOM on its last packet): the client reads each flight as one PRELOGIN response.
 */
final class PreloginTlsWrapper extends ChannelOutboundHandlerAdapter {
    private final TdsPacketWriter writer;
    private final List<ChannelPromise> promises = new ArrayList<>();
    private CompositeByteBuf pending;

    PreloginTlsWrapper(TdsPacketWriter writer) {
        this.writer = writer;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (pending == null) {
            pending = ctx.alloc().compositeBuffer();
        }
        pending.addComponent(true, (ByteBuf) msg);
        promises.add(promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        writePending(ctx);
        ctx.flush();
    }

    /** Anything written but not yet flushed is still part of the handshake. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        writePending(ctx);
    }

    private void writePending(ChannelHandlerContext ctx) {
        if (pending == null) {
            return;
        }
        ByteBuf message = pending;
        pending = null;
        ChannelPromise[] notified = promises.toArray(new ChannelPromise[0]);
        promises.clear();
        ByteBuf packets;
        if (message.isReadable()) {
            packets = writer.packets(ctx.alloc(), message, PacketType.PRELOGIN);
        } else {
            message.release(); // only empty writes, which would make an empty packet
            packets = Unpooled.EMPTY_BUFFER;
        }
        ctx.write(packets).addListener(new PromiseNotifier<>(notified));
    }
}
