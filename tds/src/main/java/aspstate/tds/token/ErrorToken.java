package aspstate.tds.token;

import aspstate.tds.error.SqlError;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * ERROR (0xAA, [MS-TDS] 2.2.7.10): the statement failed; drivers raise it as an exception carrying number, state
 * and severity (class). Severities 11-16 are user errors that leave the connection usable.
 */
public final class ErrorToken {
    public static final int TOKEN = 0xAA;
    /** "Could not find stored procedure". */
    public static final int NO_SUCH_PROCEDURE = 2812;
    /** "Incorrect syntax near". */
    public static final int INCORRECT_SYNTAX = 102;
    /** The usual severity of an error the user's request caused. */
    public static final int USER_ERROR_SEVERITY = 16;

    private ErrorToken() {}

    public static void write(ByteBuf out, TdsVersion version, SqlError error) {
        MessageTokenLayout.write(
                out, version, TOKEN, error.number(), error.state(), error.severity(), error.message(), "", 1);
    }
}
