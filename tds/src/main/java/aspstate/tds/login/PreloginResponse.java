package aspstate.tds.login;

import aspstate.tds.wire.ServerIdentity;
import io.netty.buffer.ByteBuf;

/**
 * The server's PRELOGIN answer ([MS-TDS] 2.2.6.5): VERSION (the product version, major >= 9 or mssql-jdbc
 * refuses), ENCRYPTION, INSTOPT 0 (the instance name matched), THREADID empty as servers send it, and MARS 0
 * (FreeTDS falls back to TDS 7.1 without a MARS option).
 */
public final class PreloginResponse {
    private static final int OPTION_COUNT = 5;

    private PreloginResponse() {}

    public static void write(ByteBuf out, Encryption encryption) {
        int dataOffset = OPTION_COUNT * PreloginOption.HEADER_BYTES + 1;
        dataOffset = option(out, PreloginOption.VERSION, dataOffset, 6);
        dataOffset = option(out, PreloginOption.ENCRYPTION, dataOffset, 1);
        dataOffset = option(out, PreloginOption.INSTOPT, dataOffset, 1);
        dataOffset = option(out, PreloginOption.THREADID, dataOffset, 0);
        option(out, PreloginOption.MARS, dataOffset, 1);
        out.writeByte(PreloginOption.TERMINATOR);
        // VERSION: major, minor, build (big-endian), sub-build.
        out.writeByte(ServerIdentity.MAJOR_VERSION);
        out.writeByte(ServerIdentity.MINOR_VERSION);
        out.writeShort(ServerIdentity.BUILD);
        out.writeShort(0);
        out.writeByte(encryption.wireValue());
        out.writeByte(0);
        out.writeByte(0);
    }

    private static int option(ByteBuf out, int token, int offset, int length) {
        out.writeByte(token).writeShort(offset).writeShort(length);
        return offset + length;
    }
}
