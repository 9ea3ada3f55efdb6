package aspstate.tds.packet;

/** Packet header types ([MS-TDS] 2.2.3.1.1) this server reads or writes. */
public final class PacketType {
    public static final int SQL_BATCH = 0x01;
    public static final int RPC = 0x03;
    /** Every server reply, whatever it answers. */
    public static final int TABULAR_RESULT = 0x04;

    public static final int ATTENTION = 0x06;
    /** Transaction manager request: begin, commit, roll back a transaction. */
    public static final int TRANSACTION_MANAGER = 0x0E;

    public static final int LOGIN7 = 0x10;
    public static final int PRELOGIN = 0x12;

    private PacketType() {}
}
