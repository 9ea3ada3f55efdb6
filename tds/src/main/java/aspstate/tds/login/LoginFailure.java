package aspstate.tds.login;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * The tokens of a refused login, as SQL Server sends them for a wrong password or an unknown user alike (so that
 * a client cannot tell which): ERROR 18456 class 14 state 1, then DONE with the error bit. Drivers raise the
 * error's number as the exception's error code; the server then closes the connection.
 */
public final class LoginFailure {
    private LoginFailure() {}

    public static void write(ByteBuf out, TdsVersion version, String userName) {
        ErrorToken.write(out, version, SqlErrors.loginFailed(userName));
        DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
    }
}
