package aspstate.tds;

import aspstate.tds.request.RpcRequest;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import io.netty.buffer.ByteBuf;

/** Answers procedure calls. No procedure exists yet, so every call fails as SQL Server fails an unknown one. */
final class RpcResponder {
    private RpcResponder() {
    }

    static void respond(RpcRequest request, ByteBuf out) {
        ErrorToken.write(out, ErrorToken.NO_SUCH_PROCEDURE, 1, ErrorToken.USER_ERROR_SEVERITY,
                "Could not find stored procedure '" + request.procedureName() + "'.");
        DoneToken.write(out, DoneToken.DONEPROC, DoneToken.ERROR, 0, 0);
    }
}
