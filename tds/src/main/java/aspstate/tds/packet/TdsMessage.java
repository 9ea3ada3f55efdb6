package aspstate.tds.packet;

import io.netty.buffer.ByteBuf;

/**
 * One client message, reassembled from its packets.
 *
 * @param type    packet type of its packets ({@link PacketType})
 * @param status  status bits of all its packets, or-ed together
 * @param payload the packet payloads, headers removed; whoever handles the message releases it
 */
public record TdsMessage(int type, int status, ByteBuf payload) {
}
