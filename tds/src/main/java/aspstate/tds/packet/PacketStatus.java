package aspstate.tds.packet;

/** Packet header status bits ([MS-TDS] 2.2.3.1.2). */
public final class PacketStatus {
    /** Last packet of the message. */
    public static final int END_OF_MESSAGE = 0x01;
    /** The client gave up sending this message: the server discards it (only valid together with EOM). */
    public static final int IGNORE = 0x02;

    private PacketStatus() {
    }
}
