package aspstate.tds.packet;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;

/**
 * Cuts one message into packets no larger than the connection's packet size ([MS-TDS] 2.2.3.1): the server's of
 * type TABULAR_RESULT (PRELOGIN for the TLS handshake), a client's of its request's type; EOM on the last, the
 * connection's SPID (clients such as FreeTDS read it from here; a client sends 0) and a packet id counting from 1
 * within the message. A message of one packet is copied behind its header; the packets of a longer
 * one are slices of it.
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
        if (message.readableBytes() <= chunkBytes) {
            return onePacket(alloc, message, type);
        }
        int count = (message.readableBytes() + chunkBytes - 1) / chunkBytes;
        CompositeByteBuf packets = alloc.compositeBuffer(count * 2);
        for (int i = 0; i < count; i++) {
            int length = Math.min(chunkBytes, message.readableBytes());
            boolean last = i == count - 1;
            ByteBuf header = alloc.buffer(TdsPacketDecoder.HEADER_BYTES);
            writeHeader(header, type, last, length, i + 1);
            packets.addComponent(true, header);
            if (length > 0) {
                packets.addComponent(true, message.readRetainedSlice(length));
            }
        }
        message.release();
        return packets;
    }

    /**
     * Most replies fit one packet: header and payload copied into one buffer cost less than a composite of a header
     * buffer and a slice (two more allocations, each also seen by Netty's leak detector).
     */
    private ByteBuf onePacket(ByteBufAllocator alloc, ByteBuf message, int type) {
        int length = message.readableBytes();
        ByteBuf packet = alloc.buffer(TdsPacketDecoder.HEADER_BYTES + length);
        writeHeader(packet, type, true, length, 1);
        packet.writeBytes(message);
        message.release();
        return packet;
    }

    private void writeHeader(ByteBuf out, int type, boolean last, int payloadBytes, int packetId) {
        out.writeByte(type)
                .writeByte(last ? PacketStatus.END_OF_MESSAGE : 0)
                .writeShort(TdsPacketDecoder.HEADER_BYTES + payloadBytes)
                .writeShort(spid)
                .writeByte(packetId & 0xFF)
                .writeByte(0);
    }
}
