package aspstate.tds.token;

import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * DONE (0xFD), DONEPROC (0xFE) and DONEINPROC (0xFF) ([MS-TDS] 2.2.7.6-8): the same layout closing a batch, a
 * procedure call, or a statement inside either.
 */
public final class DoneToken {
    public static final int DONE = 0xFD;
    public static final int DONEPROC = 0xFE;
    public static final int DONEINPROC = 0xFF;

    /** Status bits. No bit set is DONE_FINAL: the last DONE of the request. */
    public static final int FINAL = 0x00;
    /** More results follow in this request. */
    public static final int MORE = 0x01;

    public static final int ERROR = 0x02;
    /** The row count is valid. */
    public static final int COUNT = 0x10;
    /** Acknowledges an ATTENTION. */
    public static final int ATTENTION = 0x20;

    /** CurCmd of a SELECT statement. */
    public static final int SELECT_COMMAND = 0xC1;

    public static final int INSERT_COMMAND = 0xC3;
    public static final int DELETE_COMMAND = 0xC4;
    public static final int UPDATE_COMMAND = 0xC5;
    /** CurCmd of an EXECUTE statement, which a procedure call is. */
    public static final int EXECUTE_COMMAND = 0xE0;

    private DoneToken() {}

    public static void write(ByteBuf out, TdsVersion version, int token, int status, int command, long rowCount) {
        out.writeByte(token);
        out.writeShortLE(status);
        out.writeShortLE(command);
        // The row count is 8 bytes since TDS 7.2, 4 before.
        if (version.isAtLeast(TdsVersion.V7_2)) {
            out.writeLongLE(rowCount);
        } else {
            out.writeIntLE((int) rowCount);
        }
    }
}
