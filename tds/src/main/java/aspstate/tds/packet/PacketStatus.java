package aspstate.tds.packet;

/** Packet header status bits ([MS-TDS] 2.2.3.1.2). */
public final class PacketStatus {
    /** Last packet of the message. */
    public static final int END_OF_MESSAGE = 0x01;
    /** The client gave up sending this message: the server discards it (only valid together with EOM). */
    public static final int IGNORE = 0x02;
    /**
     * Reset the connection's session state before running this SQL batch or RPC, as a fresh login would have it
     * (TDS 7.1; drivers set it when a pooled connection is reused). Counts only in a message's first packet.
     */
    public static final int RESET_CONNECTION = 0x08;
    /** As RESET_CONNECTION, keeping the transaction state (TDS 7.3). */
    public static final int RESET_CONNECTION_SKIP_TRANSACTION = 0x10;

    private PacketStatus() {}
}
