package aspstate.tds;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Client messages built by hand from [MS-TDS], independently of the server's parsers. */
public final class ClientMessages {
    static final int TRANSACTION_MANAGER = 0x0E;
    public static final int PRELOGIN = 0x12;
    public static final int LOGIN7 = 0x10;
    static final int SQL_BATCH = 0x01;
    static final int RPC = 0x03;
    static final int ATTENTION = 0x06;
    /** TDS versions as LOGIN7 carries them ([MS-TDS] 2.2.6.4). */
    static final int TDS_7_1 = 0x71000001;

    static final int TDS_7_4 = 0x74000004;

    private ClientMessages() {}

    /** One packet: 8-byte header (type, status, big-endian length, SPID 0, packet id, window 0), then payload. */
    static byte[] packet(int type, boolean last, int packetId, byte[] payload) {
        ByteBuffer packet = ByteBuffer.allocate(8 + payload.length);
        packet.put((byte) type)
                .put((byte) (last ? 1 : 0))
                .putShort((short) (8 + payload.length))
                .putShort((short) 0)
                .put((byte) packetId)
                .put((byte) 0)
                .put(payload);
        return packet.array();
    }

    public static byte[] singlePacket(int type, byte[] payload) {
        return packet(type, true, 1, payload);
    }

    /** One packet with EOM and RESETCONNECTION (0x08), as a driver reusing a pooled connection sends its request. */
    static byte[] resettingPacket(int type, byte[] payload) {
        byte[] packet = singlePacket(type, payload);
        packet[1] |= 0x08;
        return packet;
    }

    /** PRELOGIN payload as a client sends it: VERSION 7.4, ENCRYPTION, INSTOPT, THREADID, MARS off. */
    public static byte[] prelogin(int encryption) {
        byte[][] data = {
            {0x0C, 0x00, 0x07, (byte) 0xD0, 0x00, 0x00},
            {(byte) encryption},
            {0x00},
            {0x00, 0x00, 0x12, 0x34},
            {0x00}
        };
        int offset = data.length * 5 + 1;
        ByteBuffer payload = ByteBuffer.allocate(
                offset + Arrays.stream(data).mapToInt(d -> d.length).sum());
        for (int token = 0; token < data.length; token++) {
            payload.put((byte) token).putShort((short) offset).putShort((short) data[token].length);
            offset += data[token].length;
        }
        payload.put((byte) 0xFF);
        for (byte[] d : data) {
            payload.put(d);
        }
        return payload.array();
    }

    /**
     * LOGIN7 payload ([MS-TDS] 2.2.6.4) of a TDS 7.4 client: 36 fixed bytes, the 58-byte offset table, then the
     * strings, the password obfuscated by the client rule (swap nibbles, then XOR 0xA5).
     */
    public static byte[] login7(String user, String password, String database, int packetSize) {
        return login7(TDS_7_4, user, password, database, packetSize);
    }

    /** LOGIN7 payload of a client speaking {@code tdsVersion} at most (the same layout from TDS 7.1 on). */
    static byte[] login7(int tdsVersion, String user, String password, String database, int packetSize) {
        // Table order: host, user, password, app, server, extension, library, language, database.
        List<byte[]> strings = new ArrayList<>(List.of(
                utf16("testhost"),
                utf16(user),
                obfuscate(utf16(password)),
                utf16("raw-test"),
                utf16("127.0.0.1"),
                new byte[0],
                utf16("raw-socket"),
                utf16(""),
                utf16(database)));
        int fixedAndTable = 94;
        ByteBuffer head = ByteBuffer.allocate(fixedAndTable).order(ByteOrder.LITTLE_ENDIAN);
        ByteArrayOutputStream tail = new ByteArrayOutputStream();
        head.putInt(0); // total length, set below
        head.putInt(tdsVersion);
        head.putInt(packetSize);
        head.putInt(0x07000000); // client program version
        head.putInt(4242); // client PID
        head.putInt(0); // connection id
        head.put((byte) 0xE0).put((byte) 0x03).put((byte) 0).put((byte) 0); // option flags 1, 2, type, 3
        head.putInt(0).putInt(0x0409); // time zone, LCID
        int offset = fixedAndTable;
        for (byte[] string : strings) {
            head.putShort((short) offset);
            // Lengths are in characters, except the extension's, which is in bytes.
            head.putShort((short) (string.length / 2));
            tail.writeBytes(string);
            offset += string.length;
        }
        head.put(new byte[6]); // client MAC address
        head.putShort((short) offset).putShort((short) 0); // SSPI
        head.putShort((short) offset).putShort((short) 0); // attach DB file
        head.putShort((short) offset).putShort((short) 0); // change password
        head.putInt(0); // long SSPI length
        head.putInt(0, offset);
        ByteBuffer payload = ByteBuffer.allocate(offset);
        payload.put(head.array()).put(tail.toByteArray());
        return payload.array();
    }

    /** SQL_BATCH payload of a TDS 7.2+ client: ALL_HEADERS, then the text. */
    static byte[] sqlBatch(String text) {
        return concat(allHeaders(), utf16(text));
    }

    /**
     * Transaction manager request payload ([MS-TDS] 2.2.6.9): ALL_HEADERS, the request type, then its payload as
     * given (for a begin: isolation level and name; for a commit or rollback: name and flags).
     */
    static byte[] transactionManager(int requestType, byte[] payload) {
        ByteBuffer type = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) requestType);
        return concat(allHeaders(), type.array(), payload);
    }

    /** RPC payload calling a procedure by name, without parameters: ALL_HEADERS, name, option flags. */
    static byte[] rpc(String procedure) {
        ByteBuffer name = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) procedure.length());
        return concat(allHeaders(), name.array(), utf16(procedure), new byte[] {0, 0});
    }

    /** RPC payload of several calls ({@link #call}), separated by BatchFlag 0xFF ([MS-TDS] 2.2.6.6, TDS 7.2+). */
    static byte[] rpcMessage(byte[]... calls) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(allHeaders());
        for (int i = 0; i < calls.length; i++) {
            if (i > 0) {
                all.write(0xFF);
            }
            all.writeBytes(calls[i]);
        }
        return all.toByteArray();
    }

    /** One call by name: name as US_VARCHAR, option flags 0, then the parameters. */
    public static byte[] call(String procedure, byte[]... parameters) {
        ByteBuffer name = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) procedure.length());
        return concat(name.array(), utf16(procedure), new byte[] {0, 0}, concat(parameters));
    }

    /** One call of a system procedure by ProcID: 0xFFFF, the id, option flags 0, then the parameters. */
    public static byte[] callById(int procId, byte[]... parameters) {
        ByteBuffer head = ByteBuffer.allocate(6)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort((short) 0xFFFF)
                .putShort((short) procId)
                .putShort((short) 0);
        return concat(head.array(), concat(parameters));
    }

    /** A parameter: B_VARCHAR name (empty = positional), status flags (1 = output), TYPE_INFO and value bytes. */
    private static byte[] parameter(String name, boolean output, byte[] typeInfoAndValue) {
        return concat(
                new byte[] {(byte) name.length()}, utf16(name), new byte[] {(byte) (output ? 1 : 0)}, typeInfoAndValue);
    }

    /** NVarChar(maxChars) as .NET SqlClient sends it: 0xE7, max bytes, collation, 2-byte length (0xFFFF = NULL). */
    public static byte[] nvarchar(String name, int maxChars, String value) {
        return nvarchar(name, maxChars, false, value);
    }

    public static byte[] nvarchar(String name, int maxChars, boolean output, String value) {
        ByteBuffer head = ByteBuffer.allocate(10)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0xE7)
                .putShort((short) (maxChars * 2))
                .put(new byte[] {0x09, 0x04, (byte) 0xD0, 0x00, 0x34})
                .putShort((short) (value == null ? 0xFFFF : value.length() * 2));
        return parameter(name, output, concat(head.array(), value == null ? new byte[0] : utf16(value)));
    }

    /** VarBinary(maxLength): 0xA5, max length, 2-byte length (0xFFFF = NULL). */
    static byte[] varbinary(String name, int maxLength, byte[] value) {
        return varbinary(name, maxLength, false, value);
    }

    static byte[] varbinary(String name, int maxLength, boolean output, byte[] value) {
        ByteBuffer head = ByteBuffer.allocate(5)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0xA5)
                .putShort((short) maxLength)
                .putShort((short) (value == null ? 0xFFFF : value.length));
        return parameter(name, output, concat(head.array(), value == null ? new byte[0] : value));
    }

    /** Bit: BITN 0x68 of length 1; a value of length 0 is NULL. */
    public static byte[] bit(String name, boolean output, Boolean value) {
        byte[] typeAndValue = value == null ? new byte[] {0x68, 1, 0} : new byte[] {0x68, 1, 1, (byte) (value ? 1 : 0)};
        return parameter(name, output, typeAndValue);
    }

    /** Int: INTN 0x26 of length 4; a value of length 0 is NULL. */
    public static byte[] integer(String name, boolean output, Integer value) {
        if (value == null) {
            return parameter(name, output, new byte[] {0x26, 4, 0});
        }
        ByteBuffer typeAndValue = ByteBuffer.allocate(7)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0x26)
                .put((byte) 4)
                .put((byte) 4)
                .putInt(value);
        return parameter(name, output, typeAndValue.array());
    }

    /**
     * sp_prepexec of dbo.TestEcho as mssql-jdbc sends it: unnamed handle output, declarations, statement, then the
     * values.
     */
    static byte[] prepareAndExecuteEcho() {
        return callById(
                13,
                integer("", true, null),
                nvarchar("", 4000, "@P0 nvarchar(88),@P1 varbinary(7000),@P2 bit OUTPUT,@P3 int OUTPUT"),
                nvarchar("", 4000, "EXEC dbo.TestEcho @P0, @P1, @P2 OUT, @P3 OUT"),
                nvarchar("", 88, "id"),
                varbinary("", 7000, new byte[0]),
                bit("", true, true),
                integer("", true, 5));
    }

    /** ALL_HEADERS ([MS-TDS] 2.2.5.3) with one transaction descriptor header: no transaction, 1 request. */
    private static byte[] allHeaders() {
        ByteBuffer headers = ByteBuffer.allocate(22).order(ByteOrder.LITTLE_ENDIAN);
        headers.putInt(22).putInt(18).putShort((short) 2).putLong(0).putInt(1);
        return headers.array();
    }

    static byte[] utf16(String text) {
        return text.getBytes(StandardCharsets.UTF_16LE);
    }

    private static byte[] obfuscate(byte[] plain) {
        byte[] obfuscated = new byte[plain.length];
        for (int i = 0; i < plain.length; i++) {
            int b = plain[i] & 0xFF;
            obfuscated[i] = (byte) (((b << 4 | b >>> 4) & 0xFF) ^ 0xA5);
        }
        return obfuscated;
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
