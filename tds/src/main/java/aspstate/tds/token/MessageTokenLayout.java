package aspstate.tds.token;

import aspstate.tds.wire.ServerIdentity;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * The layout INFO and ERROR share ([MS-TDS] 2.2.7.13, 2.2.7.10); only the token byte differs. The token's length
 * is a USHORT, so a message quoting a long piece of a client's batch would overflow it (past 32,752 characters the
 * length wrapped and the client read garbage; past 65,535 the writer threw and the connection dropped). Messages are
 * cut as SQL Server cuts them: at most {@value #MAX_MESSAGE_CHARS} characters, else the first
 * {@value #KEPT_WHEN_CUT} and an ellipsis (RAISERROR's documented rule).
 */
final class MessageTokenLayout {
    static final int MAX_MESSAGE_CHARS = 2047;
    static final int KEPT_WHEN_CUT = 2044;
    /** sysname: a procedure name longer than this is no name SQL Server could have sent. */
    static final int MAX_PROCEDURE_CHARS = 128;

    private MessageTokenLayout() {}

    /** {@code text} as SQL Server would send it: cut with an ellipsis when too long, never inside a surrogate pair. */
    static String fitted(String text, int max, int keep) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(keep - 1)) ? keep - 1 : keep;
        return text.substring(0, end) + "...";
    }

    static void write(
            ByteBuf out,
            TdsVersion version,
            int token,
            int number,
            int state,
            int severity,
            String text,
            String procedure,
            int line) {
        out.writeByte(token);
        int lengthAt = out.writerIndex();
        out.writeShortLE(0);
        out.writeIntLE(number);
        out.writeByte(state);
        out.writeByte(severity);
        Utf16.writeUsVarchar(out, fitted(text, MAX_MESSAGE_CHARS, KEPT_WHEN_CUT));
        Utf16.writeBVarchar(out, ServerIdentity.SERVER_NAME);
        Utf16.writeBVarchar(out, fitted(procedure, MAX_PROCEDURE_CHARS, MAX_PROCEDURE_CHARS - 3));
        // LineNumber is 4 bytes since TDS 7.2, 2 before.
        if (version.isAtLeast(TdsVersion.V7_2)) {
            out.writeIntLE(line);
        } else {
            out.writeShortLE(line);
        }
        out.setShortLE(lengthAt, out.writerIndex() - lengthAt - 2);
    }
}
