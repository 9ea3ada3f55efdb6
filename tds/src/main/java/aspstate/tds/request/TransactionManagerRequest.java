package aspstate.tds.request;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * A transaction manager request ([MS-TDS] 2.2.6.9): what SqlClient's BeginTransaction, Commit and Rollback send.
 * After ALL_HEADERS, the request type and its payload; only what the answer needs is kept.
 *
 * @param type                      the request type, e.g. {@link #BEGIN}
 * @param beginsAnotherTransaction a commit or rollback that starts a new transaction at once (fBeginXact)
 */
public record TransactionManagerRequest(int type, boolean beginsAnotherTransaction) {
    public static final int GET_DTC_ADDRESS = 0;
    public static final int PROPAGATE = 1;
    public static final int BEGIN = 5;
    public static final int PROMOTE = 6;
    public static final int COMMIT = 7;
    public static final int ROLLBACK = 8;
    public static final int SAVE = 9;
    /** XACT_FLAGS bit: begin a new transaction with the commit or rollback. */
    private static final int BEGIN_ANOTHER = 0x01;

    public static TransactionManagerRequest parse(ByteBuf payload, boolean withAllHeaders) {
        if (withAllHeaders) {
            AllHeaders.skip(payload);
        }
        try {
            int type = payload.readUnsignedShortLE();
            boolean another = false;
            switch (type) {
                case BEGIN -> {
                    payload.skipBytes(1); // isolation level: the server runs no transactions to isolate
                    name(payload);
                }
                case COMMIT, ROLLBACK -> {
                    name(payload);
                    another = (payload.readUnsignedByte() & BEGIN_ANOTHER) != 0;
                    if (another) {
                        payload.skipBytes(1);
                        name(payload);
                    }
                }
                case SAVE -> name(payload);
                case GET_DTC_ADDRESS, PROPAGATE, PROMOTE -> payload.skipBytes(payload.readableBytes());
                default -> throw new TdsProtocolException("transaction manager request of type " + type);
            }
            if (payload.isReadable()) {
                throw new TdsProtocolException(payload.readableBytes() + " bytes after a transaction manager request");
            }
            return new TransactionManagerRequest(type, another);
        } catch (IndexOutOfBoundsException e) {
            throw new TdsProtocolException("transaction manager request cut short: " + e.getMessage());
        }
    }

    /** A transaction name, B_VARCHAR; read past, the server keeps none. */
    private static void name(ByteBuf payload) {
        int characters = payload.readUnsignedByte();
        if (payload.readableBytes() < characters * 2) {
            throw new TdsProtocolException("transaction name of " + characters + " characters is cut short");
        }
        payload.skipBytes(characters * 2);
    }
}
