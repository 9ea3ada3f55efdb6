package aspstate.tds.packet;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;

/**
 * Cuts one server message into packets no larger than the connection's packet size ([MS-TDS] 2.2.3.1): type
 * TABULAR_RESULT (PRELOGIN for the TLS handshake), EOM on the last, the connection's SPID (clients such as FreeTDS read it from here) and a packet
 * id counting from 1 within the message. Payload bytes are not copied: packets are slices of the message.
 */
public final class TdsPacketWriter {
    private final int spid;
    private int packetSize;

    public TdsPacketWriter(int spid, int packetSize) {
        this.spid = spid;
        this.packetSize = packetSize;
    }

    /** Takes effect for the next message: the client switches once it has read the packet size ENVCHANGE. */
    public void packetSize(int newPacketSize) {
        packetSize = newPacketSize;
    }

    public int packetSize() {
        return packetSize;
    }

    /** Returns the packets of {@code message}, which this releases. An empty message still makes one packet. */
    public ByteBuf packets(ByteBufAllocator alloc, ByteBuf message) {
        return packets(alloc, message, PacketType.TABULAR_RESULT);
    }

    /** As {@link #packets(ByteBufAllocator, ByteBuf)}, with packets of {@code type}. */
    public ByteBuf packets(ByteBufAllocator alloc, ByteBuf message, int type) {
        int chunkBytes = packetSize - TdsPacketDecoder.HEADER_BYTES;
        int count = Math.max(1, (message.readableBytes() + chunkBytes - 1) / chunkBytes);
        CompositeByteBuf packets = alloc.compositeBuffer(count * 2);
        for (int i = 0; i < count; i++) {
            int length = Math.min(chunkBytes, message.readableBytes());
            boolean last = i == count - 1;
            ByteBuf header = alloc.buffer(TdsPacketDecoder.HEADER_BYTES)
                    .writeByte(type)
                    .writeByte(last ? PacketStatus.END_OF_MESSAGE : 0)
                    .writeShort(TdsPacketDecoder.HEADER_BYTES + length)
                    .writeShort(spid)
                    .writeByte((i + 1) & 0xFF)
                    .writeByte(0);
            packets.addComponent(true, header);
            if (length > 0) {
                packets.addComponent(true, message.readRetainedSlice(length));
            }
        }
        message.release();
        return packets;
    }
}
