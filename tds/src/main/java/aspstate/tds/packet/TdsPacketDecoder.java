package aspstate.tds.packet;

import aspstate.transport.InboundBudget;
import aspstate.transport.RequestFraming;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Turns the byte stream into {@link TdsMessage}s: a state machine over the cumulative buffer, so packet headers
 * split across reads, messages split across packets ([MS-TDS] 2.2.3.1: until status EOM) and several packets in
 * one read all work. Input that cannot be TDS fails the channel once and everything after it is discarded.
 *
 * <p>An unfinished message is bounded in bytes (its payload) and in packets: every buffered packet costs heap
 * beyond its payload, so a stream of tiny or empty packets without EOM (which a client has no reason to send: all
 * packets but the last of a message are of the negotiated size) must not grow the heap for free. What an
 * unfinished message holds, headers included, is taken from the {@link InboundBudget} that all connections share.
 */
public final class TdsPacketDecoder extends ByteToMessageDecoder implements RequestFraming {
    public static final int HEADER_BYTES = 8;

    private enum State {
        HEADER,
        PAYLOAD,
        DISCARD
    }

    private final int maxMessageBytes;
    private final int maxPacketsPerMessage;
    private final InboundBudget inbound;
    /** Taken from the inbound budget for the unfinished message. */
    private long reservedBytes;

    private long messagesFramed;

    private State state = State.HEADER;
    private int packetType;
    private int packetStatus;
    private int payloadBytes;
    /** Payloads of the earlier packets of an unfinished message, or null between messages. */
    private ByteBuf message;

    private int messageType;
    /** Status of the unfinished message's first packet. */
    private int messageStatus;
    /** Packets received for the unfinished message, the empty ones included. */
    private int messagePackets;

    /**
     * @param maxMessageBytes      largest message payload, all its packets together
     * @param maxPacketsPerMessage most packets one message may take (what the largest message needs at the
     *                             smallest packet size a client can negotiate)
     * @param inbound              what unfinished messages may hold, all connections together
     */
    public TdsPacketDecoder(int maxMessageBytes, int maxPacketsPerMessage, InboundBudget inbound) {
        this.maxMessageBytes = maxMessageBytes;
        this.maxPacketsPerMessage = maxPacketsPerMessage;
        this.inbound = inbound;
    }

    @Override
    public boolean midRequest() {
        return message != null
                || state == State.PAYLOAD
                || state == State.HEADER && internalBuffer().isReadable();
    }

    @Override
    public long requestsFramed() {
        return messagesFramed;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (true) {
            switch (state) {
                case HEADER:
                    if (in.readableBytes() < HEADER_BYTES) {
                        return;
                    }
                    readHeader(in);
                    state = State.PAYLOAD;
                    break;
                case PAYLOAD:
                    if (in.readableBytes() < payloadBytes) {
                        return;
                    }
                    packetComplete(ctx, in, in.readRetainedSlice(payloadBytes), out);
                    state = State.HEADER;
                    break;
                case DISCARD:
                default:
                    in.skipBytes(in.readableBytes());
                    return;
            }
        }
    }

    /** Reads type, status and length; SPID, packet id and window mean nothing to a server and are skipped. */
    private void readHeader(ByteBuf in) {
        packetType = in.readUnsignedByte();
        packetStatus = in.readUnsignedByte();
        int length = in.readUnsignedShort();
        in.skipBytes(4);
        if (length < HEADER_BYTES) {
            throw fail(in, new CorruptedFrameException("TDS packet length " + length + " is shorter than its header"));
        }
        if (message != null && packetType != messageType) {
            throw fail(
                    in,
                    new CorruptedFrameException("TDS packet of type 0x" + Integer.toHexString(packetType)
                            + " inside a message of type 0x" + Integer.toHexString(messageType)));
        }
        payloadBytes = length - HEADER_BYTES;
        long messageBytes = (message == null ? 0L : message.readableBytes()) + payloadBytes;
        if (messageBytes > maxMessageBytes) {
            throw fail(
                    in,
                    new TooLongFrameException(
                            "TDS message longer than the server's max message size of " + maxMessageBytes + " bytes"));
        }
        if (messagePackets + 1 > maxPacketsPerMessage) {
            throw fail(in, new TooLongFrameException("TDS message in more than " + maxPacketsPerMessage + " packets"));
        }
    }

    private void packetComplete(ChannelHandlerContext ctx, ByteBuf in, ByteBuf payload, List<Object> out) {
        if ((packetStatus & PacketStatus.END_OF_MESSAGE) == 0) {
            if (message == null) {
                // Copied, not kept as slices: a slice keeps the whole buffer its packet was read into (8 KiB from
                // io_uring's ring), so a message sent as many small packets, each read alone, would hold hundreds
                // of times the bytes it is charged for below.
                message = ctx.alloc().buffer(payload.readableBytes() * 2);
                messageStatus = packetStatus;
                messageType = packetType;
            }
            messagePackets++;
            if (!inbound.reserve(HEADER_BYTES + payload.readableBytes())) {
                payload.release();
                throw fail(
                        in,
                        new TooLongFrameException("no room for a TDS message of more than " + message.readableBytes()
                                + " bytes: " + inbound.describe()));
            }
            reservedBytes += HEADER_BYTES + payload.readableBytes();
            message.writeBytes(payload);
            payload.release();
            return;
        }
        ByteBuf whole = payload;
        int status = packetStatus;
        if (message != null) {
            message.writeBytes(payload);
            payload.release();
            whole = message;
            status = messageStatus;
            message = null;
            messagePackets = 0;
            releaseReserved();
        }
        messagesFramed++;
        // IGNORE comes with EOM, on the packet where the client gave up.
        if ((packetStatus & PacketStatus.IGNORE) != 0) {
            whole.release();
            return;
        }
        out.add(new TdsMessage(packetType, status, whole));
    }

    private DecoderException fail(ByteBuf in, DecoderException problem) {
        state = State.DISCARD;
        in.skipBytes(in.readableBytes());
        releaseMessage();
        return problem;
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        releaseMessage();
    }

    private void releaseMessage() {
        if (message != null) {
            message.release();
            message = null;
        }
        messagePackets = 0;
        releaseReserved();
    }

    private void releaseReserved() {
        inbound.release(reservedBytes);
        reservedBytes = 0;
    }
}
