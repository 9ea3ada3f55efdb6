package aspstate.tds.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class TdsPacketWriterTest {
    private static final int SPID = 55;

    @Test
    void messageIsCutIntoPacketsOfThePacketSize() {
        byte[] message = new byte[10_000];
        for (int i = 0; i < message.length; i++) {
            message[i] = (byte) i;
        }
        ByteBuf packets =
                new TdsPacketWriter(SPID, 4096).packets(ByteBufAllocator.DEFAULT, Unpooled.wrappedBuffer(message));
        int[] payloadLengths = {4088, 4088, 1824};
        ByteBuf payload = Unpooled.buffer(message.length);
        for (int i = 0; i < payloadLengths.length; i++) {
            assertThat((int) packets.readUnsignedByte()).isEqualTo(0x04);
            assertThat((int) packets.readUnsignedByte())
                    .as("status of packet %d", i)
                    .isEqualTo(i == payloadLengths.length - 1 ? 0x01 : 0x00);
            assertThat(packets.readUnsignedShort()).isEqualTo(8 + payloadLengths[i]);
            assertThat(packets.readUnsignedShort()).isEqualTo(SPID);
            assertThat((int) packets.readUnsignedByte()).as("packet id").isEqualTo(i + 1);
            assertThat((int) packets.readUnsignedByte()).as("window").isZero();
            packets.readBytes(payload, payloadLengths[i]);
        }
        assertThat(packets.isReadable()).isFalse();
        assertThat(ByteBufUtil.getBytes(payload)).isEqualTo(message);
        packets.release();
    }

    @Test
    void newPacketSizeAppliesToTheNextMessage() {
        TdsPacketWriter writer = new TdsPacketWriter(SPID, 4096);
        writer.packetSize(512);
        ByteBuf packets = writer.packets(ByteBufAllocator.DEFAULT, Unpooled.wrappedBuffer(new byte[600]));
        assertThat(packets.getUnsignedShort(2)).isEqualTo(512);
        assertThat(packets.readableBytes()).isEqualTo(600 + 2 * 8);
        packets.release();
    }

    @Test
    void emptyMessageIsOnePacketWithEndOfMessage() {
        ByteBuf packets = new TdsPacketWriter(SPID, 4096).packets(ByteBufAllocator.DEFAULT, Unpooled.buffer());
        assertThat(ByteBufUtil.hexDump(packets)).isEqualTo("0401000800370100");
        packets.release();
    }
}
