package aspstate.tds.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.transport.InboundBudget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TdsPacketDecoderTest {
    private final EmbeddedChannel channel =
            new EmbeddedChannel(new TdsPacketDecoder(100, 4, InboundBudget.unshared(1000)));

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private static byte[] packet(int type, int status, byte... payload) {
        return ByteBuffer.allocate(8 + payload.length)
                .put((byte) type)
                .put((byte) status)
                .putShort((short) (8 + payload.length))
                .putShort((short) 0)
                .put((byte) 1)
                .put((byte) 0)
                .put(payload)
                .array();
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuf all = Unpooled.buffer();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return ByteBufUtil.getBytes(all);
    }

    private static byte[] payloadOf(TdsMessage message) {
        byte[] bytes = ByteBufUtil.getBytes(message.payload());
        message.payload().release();
        return bytes;
    }

    /**
     * A packet of a message still arriving is copied out of the buffer it was read into: kept as a slice, it held the
     * whole buffer (8 KiB from io_uring's ring), hundreds of times the 9 bytes charged for a one-byte packet.
     */
    @Test
    void aPacketOfAnUnfinishedMessageDoesNotHoldTheBufferItWasReadInto() {
        ByteBuf read = Unpooled.directBuffer(8192).writeBytes(packet(0x03, 0x00, (byte) 7));

        channel.writeInbound(read);

        assertThat(read.refCnt()).as("references left to the read buffer").isZero();
        channel.writeInbound(Unpooled.wrappedBuffer(packet(0x03, 0x01, (byte) 8)));
        assertThat(payloadOf(channel.readInbound())).containsExactly(7, 8);
    }

    @Test
    void messageOfTwoPacketsSplitAtEveryByteIsReassembled() {
        byte[] stream = concat(packet(0x01, 0x08, (byte) 1, (byte) 2, (byte) 3), packet(0x01, 0x01, (byte) 4));
        for (int cut = 0; cut <= stream.length; cut++) {
            EmbeddedChannel split = new EmbeddedChannel(new TdsPacketDecoder(100, 4, InboundBudget.unshared(1000)));
            split.writeInbound(Unpooled.wrappedBuffer(stream, 0, cut));
            split.writeInbound(Unpooled.wrappedBuffer(stream, cut, stream.length - cut));
            TdsMessage message = split.readInbound();
            assertThat(message).as("cut at %d", cut).isNotNull();
            assertThat(message.type()).isEqualTo(0x01);
            // The first packet's status: RESETCONNECTION (0x08).
            assertThat(message.status()).isEqualTo(0x08);
            assertThat(message.resetsConnection()).isTrue();
            assertThat(payloadOf(message)).containsExactly(1, 2, 3, 4);
            assertThat(split.<Object>readInbound()).isNull();
            split.finishAndReleaseAll();
        }
    }

    @Test
    void resetBitsCountOnlyInTheFirstPacket() {
        channel.writeInbound(Unpooled.wrappedBuffer(
                concat(packet(0x03, 0x00, (byte) 1), packet(0x03, 0x19), packet(0x01, 0x11, (byte) 2))));
        TdsMessage laterPacketReset = channel.readInbound();
        assertThat(laterPacketReset.resetsConnection()).isFalse();
        payloadOf(laterPacketReset);
        // RESETCONNECTIONSKIPTRAN (0x10) resets too.
        TdsMessage skipTransactionReset = channel.readInbound();
        assertThat(skipTransactionReset.resetsConnection()).isTrue();
        payloadOf(skipTransactionReset);
    }

    @Test
    void pipelinedMessagesInOneReadAreAllDecoded() {
        channel.writeInbound(Unpooled.wrappedBuffer(
                concat(packet(0x12, 0x01, (byte) 7), packet(0x10, 0x01), packet(0x01, 0x01, (byte) 8, (byte) 9))));
        assertThat(payloadOf(channel.readInbound())).containsExactly(7);
        TdsMessage empty = channel.readInbound();
        assertThat(empty.type()).isEqualTo(0x10);
        assertThat(payloadOf(empty)).isEmpty();
        assertThat(payloadOf(channel.readInbound())).containsExactly(8, 9);
    }

    @Test
    void messageTheClientMarksIgnoreIsDropped() {
        channel.writeInbound(Unpooled.wrappedBuffer(
                concat(packet(0x01, 0x00, (byte) 1), packet(0x01, 0x03, (byte) 2), packet(0x01, 0x01, (byte) 3))));
        assertThat(payloadOf(channel.readInbound())).containsExactly(3);
        assertThat(channel.<Object>readInbound()).isNull();
    }

    @Test
    void messageOverTheLimitFailsAndLaterInputIsDiscarded() {
        byte[] first = packet(0x01, 0x00, new byte[60]);
        byte[] second = packet(0x01, 0x01, new byte[41]);
        assertThatThrownBy(() -> channel.writeInbound(Unpooled.wrappedBuffer(concat(first, second))))
                .isInstanceOf(TooLongFrameException.class);
        channel.writeInbound(Unpooled.wrappedBuffer(packet(0x01, 0x01, (byte) 1)));
        assertThat(channel.<Object>readInbound()).isNull();
    }

    @Test
    void emptyPacketsWithoutEndOfMessageCountTowardsThePacketLimit() {
        byte[] empty = packet(0x12, 0x00);
        assertThatThrownBy(
                        () -> channel.writeInbound(Unpooled.wrappedBuffer(concat(empty, empty, empty, empty, empty))))
                .isInstanceOf(TooLongFrameException.class);
        channel.writeInbound(Unpooled.wrappedBuffer(packet(0x12, 0x01, (byte) 1)));
        assertThat(channel.<Object>readInbound()).isNull();
    }

    @Test
    void aMessageInExactlyThePacketLimitIsAccepted() {
        byte[] one = packet(0x12, 0x00, (byte) 1);
        channel.writeInbound(
                Unpooled.wrappedBuffer(concat(one, packet(0x12, 0x00), one, packet(0x12, 0x01, (byte) 2))));
        assertThat(payloadOf(channel.readInbound())).containsExactly(1, 1, 2);
    }

    @Test
    void messageExactlyAtTheLimitIsAccepted() {
        channel.writeInbound(
                Unpooled.wrappedBuffer(concat(packet(0x01, 0x00, new byte[60]), packet(0x01, 0x01, new byte[40]))));
        assertThat(payloadOf(channel.readInbound())).hasSize(100);
    }

    @Test
    void packetLengthShorterThanItsHeaderFails() {
        byte[] bad = packet(0x01, 0x01);
        bad[3] = 7;
        assertThatThrownBy(() -> channel.writeInbound(Unpooled.wrappedBuffer(bad)))
                .isInstanceOf(CorruptedFrameException.class);
    }

    @Test
    void packetOfAnotherTypeInsideAMessageFails() {
        assertThatThrownBy(() -> channel.writeInbound(
                        Unpooled.wrappedBuffer(concat(packet(0x01, 0x00, (byte) 1), packet(0x03, 0x01, (byte) 2)))))
                .isInstanceOf(CorruptedFrameException.class)
                .hasMessageContaining("inside a message");
    }
}
