package aspstate.tds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads the tokens of a procedure reply, independently of the server's writers: RETURNSTATUS, RETURNVALUE (of
 * the types the raw tests use), ERROR, INFO, ENVCHANGE, the DONE family, and result sets of int, nvarchar and
 * varchar columns (COLMETADATA's value is the column names, a ROW's its values).
 */
final class ReplyTokens {
    private static final int INTN = 0x26;
    private static final int BIGVARCHAR = 0xA7;
    private static final int NVARCHAR = 0xE7;
    private static final int COLLATION_LENGTH = 5;
    private static final int NULL_LENGTH = 0xFFFF;

    /** One token; fields that do not apply to its kind are zero or null. */
    record Token(int type, int status, long number, int ordinal, String name, Object value) {}

    private ReplyTokens() {}

    static List<Token> read(byte[] reply) {
        ByteBuffer in = ByteBuffer.wrap(reply).order(ByteOrder.LITTLE_ENDIAN);
        List<Token> tokens = new ArrayList<>();
        List<Integer> columnTypes = new ArrayList<>();
        while (in.hasRemaining()) {
            int type = in.get() & 0xFF;
            switch (type) {
                case 0x81 -> tokens.add(new Token(type, 0, 0, 0, null, columnNames(in, columnTypes)));
                case 0xD1 -> tokens.add(new Token(type, 0, 0, 0, null, row(in, columnTypes)));
                case 0x79 -> tokens.add(new Token(type, 0, in.getInt(), 0, null, null));
                case 0xFD, 0xFE, 0xFF -> {
                    int status = in.getShort() & 0xFFFF;
                    in.getShort();
                    tokens.add(new Token(type, status, in.getLong(), 0, null, null));
                }
                case 0xAA, 0xAB -> {
                    int length = in.getShort() & 0xFFFF;
                    int start = in.position();
                    long number = in.getInt();
                    in.position(start + length);
                    tokens.add(new Token(type, 0, number, 0, null, null));
                }
                case 0xAC -> tokens.add(returnValue(in));
                case 0xE3 -> tokens.add(envChange(in));
                default ->
                    throw new AssertionError(
                            "unexpected token 0x" + Integer.toHexString(type) + " at " + (in.position() - 1));
            }
        }
        return tokens;
    }

    /**
     * ENVCHANGE: status is the change type, name the new value and value the old one: text for the database,
     * language, character set and packet size (types 1-4), hexadecimal digits for the others.
     */
    private static Token envChange(ByteBuffer in) {
        in.getShort(); // length
        int changeType = in.get() & 0xFF;
        String newValue = envValue(in, changeType);
        return new Token(0xE3, changeType, 0, 0, newValue, envValue(in, changeType));
    }

    private static String envValue(ByteBuffer in, int changeType) {
        int length = in.get() & 0xFF;
        return changeType <= 4 ? string(in, length * 2) : HexFormat.of().formatHex(bytes(in, length));
    }

    private static Token returnValue(ByteBuffer in) {
        int ordinal = in.getShort() & 0xFFFF;
        String name = string(in, (in.get() & 0xFF) * 2);
        int status = in.get() & 0xFF;
        in.getInt(); // UserType
        in.getShort(); // Flags
        int type = in.get() & 0xFF;
        Object value = switch (type) {
            case 0x26 -> {
                in.get();
                int length = in.get() & 0xFF;
                yield length == 0 ? null : in.getInt();
            }
            case 0x68 -> {
                in.get();
                int length = in.get() & 0xFF;
                yield length == 0 ? null : in.get() != 0;
            }
            case 0xA5 -> {
                in.getShort();
                int length = in.getShort() & 0xFFFF;
                yield length == 0xFFFF ? null : bytes(in, length);
            }
            case 0xAF -> {
                in.getShort();
                in.position(in.position() + 5); // collation
                int length = in.getShort() & 0xFFFF;
                yield length == 0xFFFF ? null : new String(bytes(in, length), Charset.forName("windows-1252"));
            }
            case 0x6F -> { // datetime: its 8 bytes, undecoded
                in.get();
                int length = in.get() & 0xFF;
                yield length == 0 ? null : bytes(in, length);
            }
            default -> throw new AssertionError("RETURNVALUE of type 0x" + Integer.toHexString(type));
        };
        return new Token(0xAC, status, 0, ordinal, name, value);
    }

    /** Reads COLMETADATA's columns, noting their types for the ROWs that follow. */
    private static List<String> columnNames(ByteBuffer in, List<Integer> columnTypes) {
        columnTypes.clear();
        List<String> names = new ArrayList<>();
        int count = in.getShort() & 0xFFFF;
        for (int i = 0; i < count; i++) {
            in.getInt(); // UserType
            in.getShort(); // Flags
            int type = in.get() & 0xFF;
            switch (type) {
                case INTN -> in.get();
                case BIGVARCHAR, NVARCHAR -> {
                    in.getShort();
                    in.position(in.position() + COLLATION_LENGTH);
                }
                default -> throw new AssertionError("column of type 0x" + Integer.toHexString(type));
            }
            columnTypes.add(type);
            names.add(string(in, (in.get() & 0xFF) * 2));
        }
        return names;
    }

    /** A ROW's values: Integer for tinyint, smallint and int columns, String for text, null for NULL. */
    private static List<Object> row(ByteBuffer in, List<Integer> columnTypes) {
        List<Object> values = new ArrayList<>();
        for (int type : columnTypes) {
            if (type == INTN) {
                int length = in.get() & 0xFF;
                values.add(
                        switch (length) {
                            case 0 -> null;
                            case 1 -> in.get() & 0xFF;
                            case 2 -> (int) in.getShort();
                            case 4 -> in.getInt();
                            default -> throw new AssertionError("int value of length " + length);
                        });
            } else {
                int length = in.getShort() & 0xFFFF;
                values.add(
                        length == NULL_LENGTH
                                ? null
                                : type == NVARCHAR
                                        ? string(in, length)
                                        : new String(bytes(in, length), Charset.forName("windows-1252")));
            }
        }
        return values;
    }

    private static String string(ByteBuffer in, int bytes) {
        return new String(bytes(in, bytes), StandardCharsets.UTF_16LE);
    }

    private static byte[] bytes(ByteBuffer in, int length) {
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }

    /** The types of the tokens, for asserting the order of a reply. */
    static List<Integer> types(List<Token> tokens) {
        return tokens.stream().map(Token::type).toList();
    }
}
