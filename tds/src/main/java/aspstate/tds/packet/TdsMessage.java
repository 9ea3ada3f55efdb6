package aspstate.tds.packet;

import io.netty.buffer.ByteBuf;

/**
 * One client message, reassembled from its packets.
 *
 * @param type    packet type of its packets ({@link PacketType})
 * @param status  status bits of its first packet, the one that speaks for the whole message ([MS-TDS] 2.2.3.1.2:
 *                a RESETCONNECTION bit on a later packet is to be ignored)
 * @param payload the packet payloads, headers removed; whoever handles the message releases it
 */
public record TdsMessage(int type, int status, ByteBuf payload) {
    /** Whether the client asks for the session to be reset before this request runs (either reset bit). */
    public boolean resetsConnection() {
        return (status & (PacketStatus.RESET_CONNECTION | PacketStatus.RESET_CONNECTION_SKIP_TRANSACTION)) != 0;
    }
}
