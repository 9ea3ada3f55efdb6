package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * The 5-byte collation ([MS-TDS] 2.2.5.1.2) that character types carry in TYPE_INFO and the login announces.
 * The server has one: SQL_Latin1_General_CP1_CI_AS (LCID 0x0409, sort id 52), code page 1252. Clients encode
 * parameters in the collation they were told at login, so a parameter's own collation is read and not kept.
 */
public final class Collation {
    /** SQL_Latin1_General_CP1_CI_AS: LCID 0x0409 with its flags, sort id 52. */
    public static final byte[] SERVER_DEFAULT = {0x09, 0x04, (byte) 0xD0, 0x00, 0x34};

    private static final int LENGTH = 5;

    private Collation() {}

    static void skip(ByteBuf in) {
        in.skipBytes(LENGTH);
    }

    static void write(ByteBuf out) {
        out.writeBytes(SERVER_DEFAULT);
    }
}
