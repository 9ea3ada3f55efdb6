package aspstate.tds.token;

import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/** ENVCHANGE (0xE3, [MS-TDS] 2.2.7.9): tells the client a session setting changed. */
public final class EnvChangeToken {
    public static final int TOKEN = 0xE3;

    private static final int DATABASE = 1;
    private static final int LANGUAGE = 2;
    public static final int PACKET_SIZE = 4;
    private static final int SQL_COLLATION = 7;
    private static final int BEGIN_TRANSACTION = 8;
    private static final int COMMIT_TRANSACTION = 9;
    private static final int ROLLBACK_TRANSACTION = 10;
    /** A transaction descriptor is 8 bytes. */
    private static final int DESCRIPTOR_LENGTH = 8;

    private static final int MIRRORING_PARTNER = 13;
    private static final int RESET_ACKNOWLEDGEMENT = 18;

    private EnvChangeToken() {}

    public static void database(ByteBuf out, String newDatabase, String oldDatabase) {
        strings(out, DATABASE, newDatabase, oldDatabase);
    }

    public static void language(ByteBuf out, String newLanguage, String oldLanguage) {
        strings(out, LANGUAGE, newLanguage, oldLanguage);
    }

    /** Sizes travel as decimal text. */
    public static void packetSize(ByteBuf out, int newSize, int oldSize) {
        strings(out, PACKET_SIZE, Integer.toString(newSize), Integer.toString(oldSize));
    }

    /** The 5-byte collation ([MS-TDS] 2.2.5.1.2); .NET SqlClient needs one at login. The old value is empty. */
    public static void collation(ByteBuf out, byte[] collation) {
        int lengthAt = start(out, SQL_COLLATION);
        out.writeByte(collation.length).writeBytes(collation);
        out.writeByte(0);
        end(out, lengthAt);
    }

    /** The database mirroring partner (type 13): the server a client may fail over to; no old value. */
    public static void mirroringPartner(ByteBuf out, String partner) {
        strings(out, MIRRORING_PARTNER, partner, "");
    }

    /** Acknowledges a RESETCONNECTION request (type 18); new and old values are both empty. */
    public static void resetAcknowledgement(ByteBuf out) {
        int lengthAt = start(out, RESET_ACKNOWLEDGEMENT);
        out.writeByte(0).writeByte(0);
        end(out, lengthAt);
    }

    /** A transaction began (type 8): its descriptor, which the client sends back in ALL_HEADERS; no old value. */
    public static void beginTransaction(ByteBuf out, long descriptor) {
        int lengthAt = start(out, BEGIN_TRANSACTION);
        out.writeByte(DESCRIPTOR_LENGTH).writeLongLE(descriptor);
        out.writeByte(0);
        end(out, lengthAt);
    }

    /** The transaction of this descriptor was committed (type 9): no new value, the descriptor as the old one. */
    public static void commitTransaction(ByteBuf out, long descriptor) {
        transactionEnded(out, COMMIT_TRANSACTION, descriptor);
    }

    /** The transaction of this descriptor was rolled back (type 10). */
    public static void rollbackTransaction(ByteBuf out, long descriptor) {
        transactionEnded(out, ROLLBACK_TRANSACTION, descriptor);
    }

    private static void transactionEnded(ByteBuf out, int type, long descriptor) {
        int lengthAt = start(out, type);
        out.writeByte(0);
        out.writeByte(DESCRIPTOR_LENGTH).writeLongLE(descriptor);
        end(out, lengthAt);
    }

    private static void strings(ByteBuf out, int type, String newValue, String oldValue) {
        int lengthAt = start(out, type);
        Utf16.writeBVarchar(out, newValue);
        Utf16.writeBVarchar(out, oldValue);
        end(out, lengthAt);
    }

    private static int start(ByteBuf out, int type) {
        out.writeByte(TOKEN);
        int lengthAt = out.writerIndex();
        out.writeShortLE(0);
        out.writeByte(type);
        return lengthAt;
    }

    /** The length counts the bytes after itself. */
    private static void end(ByteBuf out, int lengthAt) {
        out.setShortLE(lengthAt, out.writerIndex() - lengthAt - 2);
    }
}
