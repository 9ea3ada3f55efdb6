package aspstate.tds.token;

import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/** INFO (0xAB, [MS-TDS] 2.2.7.13): an informational message, severity 0; clients log it or show it as a warning. */
public final class InfoToken {
    public static final int TOKEN = 0xAB;

    private InfoToken() {}

    public static void write(ByteBuf out, TdsVersion version, int number, int state, String text) {
        MessageTokenLayout.write(out, version, TOKEN, number, state, 0, text, "", 1);
    }
}
