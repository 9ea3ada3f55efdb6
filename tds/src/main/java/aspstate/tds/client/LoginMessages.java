package aspstate.tds.client;

import aspstate.tds.login.Encryption;
import aspstate.tds.login.LoginPassword;
import aspstate.tds.login.PreloginOption;
import aspstate.tds.login.PreloginRequest;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/** The two messages of a client's login ([MS-TDS] 2.2.6.5 PRELOGIN, 2.2.6.4 LOGIN7) for SQL authentication. */
final class LoginMessages {
    /** Fixed part and offset table of LOGIN7, up to where its strings start. */
    private static final int LOGIN7_HEAD_BYTES = 94;

    private static final String CLIENT_NAME = "aspstate-tds-client";

    private LoginMessages() {}

    /** PRELOGIN with VERSION and ENCRYPTION: this client does not speak TLS (ENCRYPT_NOT_SUP). */
    static void prelogin(ByteBuf out) {
        int dataStart = 2 * PreloginOption.HEADER_BYTES + 1;
        out.writeByte(PreloginOption.VERSION).writeShort(dataStart).writeShort(6);
        out.writeByte(PreloginOption.ENCRYPTION).writeShort(dataStart + 6).writeShort(1);
        out.writeByte(PreloginOption.TERMINATOR);
        out.writeInt(0).writeShort(0); // client version: nothing to tell
        out.writeByte(Encryption.NOT_SUPPORTED.wireValue());
    }

    /**
     * Reads the server's PRELOGIN answer, which has the layout of a client's ({@link PreloginRequest}): a server
     * that insists on TLS (ENCRYPT_REQ, or ON) cannot be talked to.
     */
    static Void checkPrelogin(ByteBuf reply) {
        if (PreloginRequest.parse(reply).encryption().demandsTls()) {
            throw new IllegalStateException("the server requires TLS, which this client does not speak");
        }
        return null;
    }

    /**
     * LOGIN7 of a TDS 7.4 client: the fixed part, the offset table, then the strings, the password obfuscated.
     */
    static void login7(ByteBuf out, String user, String password, int packetSize) {
        String[] strings = {"localhost", user, password, CLIENT_NAME, "", "", CLIENT_NAME, "", ""};
        int passwordIndex = 2;
        int start = out.writerIndex();
        out.writeIntLE(0); // total length, set below
        out.writeIntLE(TdsVersion.V7_4.loginAckValue())
                .writeIntLE(packetSize)
                .writeIntLE(0)
                .writeIntLE((int) ProcessHandle.current().pid())
                .writeIntLE(0);
        // Option flags as SqlClient sends them: USE_DB, INIT_DB_FATAL, SET_LANG; INIT_LANG_FATAL, ODBC.
        out.writeByte(0xE0).writeByte(0x03).writeByte(0).writeByte(0);
        out.writeIntLE(0).writeIntLE(0x0409); // time zone, LCID
        int offset = LOGIN7_HEAD_BYTES;
        for (String string : strings) {
            out.writeShortLE(offset).writeShortLE(string.length());
            offset += string.length() * 2;
        }
        out.writeZero(6); // client MAC address
        for (int empty = 0; empty < 3; empty++) { // SSPI, attach DB file, change password
            out.writeShortLE(offset).writeShortLE(0);
        }
        out.writeIntLE(0); // long SSPI length
        for (int i = 0; i < strings.length; i++) {
            out.writeBytes(i == passwordIndex ? LoginPassword.encode(strings[i]) : Utf16.encode(strings[i]));
        }
        out.setIntLE(start, out.writerIndex() - start);
    }
}
