package aspstate.tds.token;

import aspstate.tds.wire.ServerIdentity;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/** LOGINACK (0xAD, [MS-TDS] 2.2.7.14): the login succeeded, in this TDS version. */
public final class LoginAckToken {
    public static final int TOKEN = 0xAD;
    /** Interface: the client speaks T-SQL. */
    private static final int SQL_TSQL = 1;

    private LoginAckToken() {}

    /** @param version the version the connection speaks, which must be one the client knows */
    public static void write(ByteBuf out, TdsVersion version) {
        out.writeByte(TOKEN);
        int lengthAt = out.writerIndex();
        out.writeShortLE(0);
        out.writeByte(SQL_TSQL);
        // Unlike LOGIN7, LOGINACK carries the TDS version big-endian.
        out.writeInt(version.loginAckValue());
        Utf16.writeBVarchar(out, ServerIdentity.PROGRAM_NAME);
        out.writeByte(ServerIdentity.MAJOR_VERSION);
        out.writeByte(ServerIdentity.MINOR_VERSION);
        out.writeShort(ServerIdentity.BUILD);
        out.setShortLE(lengthAt, out.writerIndex() - lengthAt - 2);
    }
}
