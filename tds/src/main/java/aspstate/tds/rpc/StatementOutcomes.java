package aspstate.tds.rpc;

import aspstate.tds.proc.RowCount;
import aspstate.tds.proc.RowSet;
import aspstate.tds.proc.StatementOutcome;
import aspstate.tds.token.ColMetadataToken;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.RowToken;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * Writes what one statement answered: a result set (COLMETADATA, ROWs) or nothing, then its closing DONE or
 * DONEINPROC with DONE_COUNT and the rows selected or affected. Inside a procedure call (sp_executesql included) the
 * token is DONEINPROC; in a SQL batch it is DONE, the batch's last one without DONE_MORE.
 */
public final class StatementOutcomes {
    private StatementOutcomes() {}

    /**
     * @param token DoneToken.DONEINPROC or DoneToken.DONE
     * @param more  DoneToken.MORE, or DoneToken.FINAL for a batch's last statement
     */
    public static void write(ByteBuf out, TdsVersion version, StatementOutcome outcome, int token, int more) {
        if (outcome instanceof RowSet rowSet) {
            ColMetadataToken.write(out, version, rowSet.columns());
            for (List<Object> row : rowSet.rows()) {
                RowToken.write(out, version, rowSet.columns(), row);
            }
            DoneToken.write(
                    out,
                    version,
                    token,
                    more | DoneToken.COUNT,
                    DoneToken.SELECT_COMMAND,
                    rowSet.rows().size());
        } else {
            RowCount count = (RowCount) outcome;
            DoneToken.write(out, version, token, more | DoneToken.COUNT, count.command(), count.rows());
        }
    }
}
