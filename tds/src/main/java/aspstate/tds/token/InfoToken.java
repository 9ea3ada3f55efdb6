package aspstate.tds.token;

import aspstate.tds.TdsVersion;
import io.netty.buffer.ByteBuf;

/** INFO (0xAB, [MS-TDS] 2.2.7.13): an informational message, severity 0; clients log it or show it as a warning. */
public final class InfoToken {
    public static final int TOKEN = 0xAB;

    private InfoToken() {
    }

    public static void write(ByteBuf out, TdsVersion version, int number, int state, String text) {
        MessageTokenLayout.write(out, version, TOKEN, number, state, 0, text, "", 1);
    }

    /**
     * In the layout of TDS 7.2 and later.
     *
     * @deprecated wrong for a TDS 7.1 client (jTDS); pass the connection's version. Kept for SqlBatchResponder
     *     until the batch interpreter replacing it does.
     */
    @Deprecated
    public static void write(ByteBuf out, int number, int state, String text) {
        write(out, TdsVersion.V7_4, number, state, text);
    }
}
