package aspstate.tds.token;

import io.netty.buffer.ByteBuf;

/**
 * RETURNSTATUS (0x79, [MS-TDS] 2.2.7.18): the procedure's return status. mssql-jdbc reads output parameters only
 * after it, so every procedure reply carries one, even after an error.
 */
public final class ReturnStatusToken {
    public static final int TOKEN = 0x79;

    private ReturnStatusToken() {}

    public static void write(ByteBuf out, int status) {
        out.writeByte(TOKEN).writeIntLE(status);
    }
}
