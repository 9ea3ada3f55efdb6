package aspstate.tds.rpc;

import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.StatementOutcome;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.token.InfoToken;
import aspstate.tds.token.ReturnStatusToken;
import aspstate.tds.token.ReturnValueToken;
import aspstate.tds.type.SqlValue;
import aspstate.tds.type.TdsType;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * The tokens answering one procedure call, in SQL Server's order: what each statement answered (a result set as
 * COLMETADATA, ROWs and DONEINPROC; a count of rows affected as a DONEINPROC), RETURNSTATUS, a RETURNVALUE per
 * output parameter in parameter order, DONEPROC. A failed call
 * answers ERROR, INFO 3621, DONEINPROC with DONE_ERROR, RETURNSTATUS, DONEPROC.
 */
public final class ProcedureResponse {
    /** "The statement has been terminated.", which follows a statement-ending error. */
    private static final int STATEMENT_TERMINATED = 3621;

    private ProcedureResponse() {}

    /** @param more DoneToken.MORE when another call of the same message follows, else DoneToken.FINAL */
    public static void write(
            ByteBuf out, TdsVersion version, ProcedureResult result, List<OutputParameter> outputs, int more) {
        if (result.error() != null) {
            failed(out, version, result.error(), more);
            return;
        }
        int start = out.writerIndex();
        try {
            succeeded(out, version, result, outputs, more);
        } catch (IllegalArgumentException e) {
            // A value that does not fit its declared type: nothing of the answer is kept, the call fails.
            out.writerIndex(start);
            failed(out, version, SqlErrors.userError(SqlErrors.TYPE_CLASH, e.getMessage()), more);
        }
    }

    private static void succeeded(
            ByteBuf out, TdsVersion version, ProcedureResult result, List<OutputParameter> outputs, int more) {
        for (StatementOutcome outcome : result.outcomes()) {
            StatementOutcomes.write(out, version, outcome, DoneToken.DONEINPROC, DoneToken.MORE);
        }
        ReturnStatusToken.write(out, result.returnStatus());
        for (OutputParameter output : outputs) {
            Object value = output.value().apply(result);
            SqlValue typed;
            try {
                typed = new SqlValue(output.type(), asDeclared(output.type(), value));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("output parameter " + output.name() + ": " + e.getMessage(), e);
            }
            ReturnValueToken.write(out, version, output.ordinal(), output.name(), typed);
        }
        DoneToken.write(out, version, DoneToken.DONEPROC, more, DoneToken.EXECUTE_COMMAND, 0);
    }

    /** bit and int outputs convert into each other, as T-SQL assigns them; other types must match. */
    private static Object asDeclared(TdsType<?> type, Object value) {
        if (value instanceof Boolean flag && Number.class.equals(type.javaType())) {
            return flag ? 1 : 0;
        }
        if (value instanceof Number number && Boolean.class.equals(type.javaType())) {
            return number.longValue() != 0;
        }
        return value;
    }

    public static void failed(ByteBuf out, TdsVersion version, SqlError error, int more) {
        ErrorToken.write(out, version, error);
        InfoToken.write(out, version, STATEMENT_TERMINATED, 1, "The statement has been terminated.");
        DoneToken.write(
                out, version, DoneToken.DONEINPROC, DoneToken.MORE | DoneToken.ERROR, DoneToken.EXECUTE_COMMAND, 0);
        ReturnStatusToken.write(out, 0);
        DoneToken.write(out, version, DoneToken.DONEPROC, more, DoneToken.EXECUTE_COMMAND, 0);
    }

    /** A call that never started: the error and DONEPROC with DONE_ERROR, as SQL Server answers an unknown name. */
    public static void rejected(ByteBuf out, TdsVersion version, SqlException rejection, int more) {
        ErrorToken.write(out, version, rejection.error());
        DoneToken.write(out, version, DoneToken.DONEPROC, DoneToken.ERROR | more, 0, 0);
    }
}
