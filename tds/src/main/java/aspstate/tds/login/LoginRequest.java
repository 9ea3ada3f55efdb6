package aspstate.tds.login;

import aspstate.tds.wire.TdsProtocolException;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * A client's LOGIN7 ([MS-TDS] 2.2.6.4): a fixed part, then a table of (offset, length in characters) pairs
 * pointing at UTF-16LE strings further on; offsets are counted from the start of the message. The table ends with
 * SSPI and attach-file entries (TDS 7.1) and a change-password entry (7.2) this server does not use.
 *
 * @param tdsVersion  the highest TDS version the client speaks (e.g. 0x74000004 for 7.4)
 * @param packetSize  packet size the client asks for; 0 leaves it to the server
 * @param password    decoded; {@link #toString()} hides it
 */
public record LoginRequest(
        int tdsVersion,
        int packetSize,
        String hostName,
        String userName,
        String password,
        String appName,
        String serverName,
        String libraryName,
        String language,
        String database) {
    private static final int HOST_NAME = 36;
    private static final int USER_NAME = 40;
    private static final int PASSWORD = 44;
    private static final int APP_NAME = 48;
    private static final int SERVER_NAME = 52;
    private static final int LIBRARY_NAME = 60;
    private static final int LANGUAGE = 64;
    private static final int DATABASE = 68;
    /** SQL Server identifiers, database names included, have at most 128 characters. */
    private static final int MAX_IDENTIFIER_CHARS = 128;
    /** Fixed part plus the offset table of TDS 7.1, the oldest version served. */
    private static final int MIN_BYTES = 86;

    public static LoginRequest parse(ByteBuf payload) {
        int start = payload.readerIndex();
        int length = payload.readableBytes();
        if (length < MIN_BYTES) {
            throw new TdsProtocolException("LOGIN7 of " + length + " bytes is shorter than its fixed part");
        }
        int tdsVersion = payload.getIntLE(start + 4);
        int packetSize = payload.getIntLE(start + 8);
        String password = LoginPassword.decode(bytes(payload, start, PASSWORD));
        String database = text(payload, start, DATABASE);
        if (database.length() > MAX_IDENTIFIER_CHARS) {
            throw new TdsProtocolException("LOGIN7 database name of " + database.length() + " characters; at most "
                    + MAX_IDENTIFIER_CHARS + " allowed");
        }
        return new LoginRequest(
                tdsVersion,
                packetSize,
                text(payload, start, HOST_NAME),
                text(payload, start, USER_NAME),
                password,
                text(payload, start, APP_NAME),
                text(payload, start, SERVER_NAME),
                text(payload, start, LIBRARY_NAME),
                text(payload, start, LANGUAGE),
                database);
    }

    /** The TDS version the connection speaks: the newest both this client and the server know. */
    public TdsVersion version() {
        return TdsVersion.spokenWith(tdsVersion);
    }

    /** Whether SQL_BATCH and RPC messages from this client start with ALL_HEADERS ([MS-TDS] 2.2.5.3: TDS 7.2 on). */
    public boolean sendsAllHeaders() {
        return version().isAtLeast(TdsVersion.V7_2);
    }

    private static String text(ByteBuf payload, int start, int entry) {
        int offset = payload.getUnsignedShortLE(start + entry);
        int chars = payload.getUnsignedShortLE(start + entry + 2);
        checkBounds(payload, entry, offset, chars);
        return Utf16.get(payload, start + offset, chars);
    }

    private static byte[] bytes(ByteBuf payload, int start, int entry) {
        int offset = payload.getUnsignedShortLE(start + entry);
        int chars = payload.getUnsignedShortLE(start + entry + 2);
        checkBounds(payload, entry, offset, chars);
        byte[] bytes = new byte[chars * 2];
        payload.getBytes(start + offset, bytes);
        return bytes;
    }

    private static void checkBounds(ByteBuf payload, int entry, int offset, int chars) {
        if (offset + chars * 2 > payload.readableBytes()) {
            throw new TdsProtocolException(
                    "LOGIN7 string at table offset " + entry + " points past the end of " + "the message");
        }
    }

    @Override
    public String toString() {
        return "LoginRequest[tdsVersion=0x" + Integer.toHexString(tdsVersion) + ", packetSize=" + packetSize
                + ", hostName=" + hostName + ", userName=" + userName + ", password=(hidden), appName=" + appName
                + ", serverName=" + serverName + ", libraryName=" + libraryName + ", language=" + language
                + ", database=" + database + "]";
    }
}
