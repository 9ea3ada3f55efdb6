package aspstate.tds.batch;

import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.StatementOutcome;
import aspstate.tds.rpc.ProcedureRunner;
import aspstate.tds.rpc.StatementOutcomes;
import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.RecognizedStatement;
import aspstate.tds.statement.StatementArguments;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A SQL batch that is a statement the server recognizes (a client's table-detection batch, a CREATE TABLE): run
 * without parameters, a batch has none, and answered as SQL Server answers a batch, a DONE per statement outcome
 * (the last one final), or a single final DONE when there is none, or the error and a DONE with DONE_ERROR.
 */
final class RecognizedBatch {
    private RecognizedBatch() {}

    static CompletionStage<Void> run(RecognizedStatement recognized, TdsVersion version, ByteBuf out) {
        BoundStatement statement = recognized.statement();
        return ProcedureRunner.run(
                        "statement " + statement.name(),
                        () -> statement.run(StatementArguments.none(recognized.match())),
                        statement.name())
                .thenAccept(result -> write(result, version, out));
    }

    private static void write(ProcedureResult result, TdsVersion version, ByteBuf out) {
        if (result.error() != null) {
            ErrorToken.write(out, version, result.error());
            DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
            return;
        }
        List<StatementOutcome> outcomes = result.outcomes();
        if (outcomes.isEmpty()) {
            DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
        }
        for (int i = 0; i < outcomes.size(); i++) {
            StatementOutcomes.write(
                    out,
                    version,
                    outcomes.get(i),
                    DoneToken.DONE,
                    i == outcomes.size() - 1 ? DoneToken.FINAL : DoneToken.MORE);
        }
    }
}
