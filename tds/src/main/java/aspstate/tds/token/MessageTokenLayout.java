package aspstate.tds.token;

import aspstate.tds.ServerIdentity;
import aspstate.tds.TdsVersion;
import aspstate.tds.Utf16;
import io.netty.buffer.ByteBuf;

/** The layout INFO and ERROR share ([MS-TDS] 2.2.7.13, 2.2.7.10); only the token byte differs. */
final class MessageTokenLayout {
    private MessageTokenLayout() {
    }

    static void write(ByteBuf out, TdsVersion version, int token, int number, int state, int severity, String text,
                      String procedure, int line) {
        out.writeByte(token);
        int lengthAt = out.writerIndex();
        out.writeShortLE(0);
        out.writeIntLE(number);
        out.writeByte(state);
        out.writeByte(severity);
        Utf16.writeUsVarchar(out, text);
        Utf16.writeBVarchar(out, ServerIdentity.SERVER_NAME);
        Utf16.writeBVarchar(out, procedure);
        // LineNumber is 4 bytes since TDS 7.2, 2 before.
        if (version.isAtLeast(TdsVersion.V7_2)) {
            out.writeIntLE(line);
        } else {
            out.writeShortLE(line);
        }
        out.setShortLE(lengthAt, out.writerIndex() - lengthAt - 2);
    }
}
