package aspstate.tds.batch;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.RowSet;
import aspstate.tds.request.RpcRequest;
import aspstate.tds.rpc.StatementOutcomes;
import aspstate.tds.session.TdsSession;
import aspstate.tds.sql.BatchStatement;
import aspstate.tds.sql.Conversions;
import aspstate.tds.sql.DeclareStatement;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.SelectStatement;
import aspstate.tds.sql.SetVariableStatement;
import aspstate.tds.sql.SqlDataType;
import aspstate.tds.sql.SysobjectsQuery;
import aspstate.tds.sql.TypedValue;
import aspstate.tds.sql.UseStatement;
import aspstate.tds.system.SystemProcedures;
import aspstate.tds.token.Column;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.token.InfoToken;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.TdsType;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/**
 * Runs the statements of one checked batch in order, each answered as SQL Server answers it: a result set with
 * DONE and its row count for a SELECT, the procedure's tokens for an EXEC, nothing for DECLARE, SET and IF. The
 * last statement's closing token is the final DONE. A value that does not convert ends the batch there, as
 * SQL Server's conversion errors do; a procedure's error ends only its call.
 */
final class BatchRun {
    /** sysobjects.name is a sysname, i.e. nvarchar(128) NOT NULL. */
    private static final int SYSNAME_LENGTH = 128;

    private static final List<Column<?>> SYSOBJECTS_NAME_COLUMNS =
            List.of(new Column<>("name", NVarCharType.ofCharacters(SYSNAME_LENGTH), false));
    private static final CompletableFuture<Boolean> GO_ON = CompletableFuture.completedFuture(true);

    private final List<BatchStatement> statements;
    private final TdsSession session;
    private final ProcedureCatalog catalog;
    private final SystemProcedures procedures;
    private final ByteBuf out;
    private final BatchVariables variables;
    /** The version the connection speaks, whose token layouts the answers use. */
    private final TdsVersion version;

    BatchRun(List<BatchStatement> statements, TdsSession session, ProcedureCatalog catalog, ByteBuf out) {
        this.statements = statements;
        this.session = session;
        this.catalog = catalog;
        this.procedures = new SystemProcedures(catalog);
        this.out = out;
        this.variables = new BatchVariables(session);
        this.version = session.login().version();
    }

    CompletionStage<Void> run() {
        return runFrom(0);
    }

    /** Runs on in this call while statements complete at once, so a long batch does not nest stages deeply. */
    private CompletionStage<Void> runFrom(int first) {
        for (int i = first; i < statements.size(); i++) {
            int more = i == statements.size() - 1 ? DoneToken.FINAL : DoneToken.MORE;
            CompletableFuture<Boolean> goOn = statement(statements.get(i), more).toCompletableFuture();
            if (!goOn.isDone()) {
                int next = i + 1;
                return goOn.thenCompose(on -> on ? runFrom(next) : CompletableFuture.completedFuture(null));
            }
            if (!goOn.join()) {
                break;
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    /** @return whether the batch goes on */
    private CompletionStage<Boolean> statement(BatchStatement statement, int more) {
        try {
            if (statement instanceof ExecStatement exec) {
                return exec(exec, more);
            }
            if (statement instanceof SelectStatement select) {
                select(select, more);
            } else if (statement instanceof SysobjectsQuery query) {
                sysobjects(query, more);
            } else {
                silent(statement);
                if (more == DoneToken.FINAL) {
                    DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
                }
            }
            return GO_ON;
        } catch (SqlException error) {
            ErrorToken.write(out, version, error.error());
            DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
            return CompletableFuture.completedFuture(false);
        }
    }

    private CompletionStage<Boolean> exec(ExecStatement exec, int more) {
        if (RpcRequest.systemProcedure(exec.procedureName()) == RpcRequest.SP_UNPREPARE) {
            unprepare(exec);
            if (more == DoneToken.FINAL) {
                DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
            }
            return GO_ON;
        }
        return BatchProcedureCall.run(exec, procedures, session.database(), variables, out, version, more)
                .thenApply(written -> true);
    }

    /** {@code EXEC sp_unprepare n}: mssql-jdbc puts it in front of a later batch to release a handle. */
    private void unprepare(ExecStatement exec) {
        if (exec.arguments().isEmpty()) {
            throw SqlException.of(SqlErrors.missingParameter("sp_unprepare", "@handle"));
        }
        if (exec.arguments().size() > 1) {
            throw SqlException.userError(
                    SqlErrors.TOO_MANY_ARGUMENTS,
                    "Procedure or function sp_unprepare has too many arguments specified.");
        }
        TypedValue handle = variables.evaluate(exec.arguments().get(0).value());
        Integer number = (Integer) Conversions.convert(handle, SqlDataType.INT);
        if (number != null) {
            session.prepared().unprepare(number);
        }
    }

    /** The statements that answer nothing of their own. */
    private void silent(BatchStatement statement) {
        if (statement instanceof DeclareStatement declare) {
            for (DeclareStatement.Declared variable : declare.variables()) {
                variables.declare(variable.name(), variable.type());
                if (variable.initial() != null) {
                    variables.assign(variable.name(), variables.evaluate(variable.initial()));
                }
            }
        } else if (statement instanceof SetVariableStatement set) {
            variables.assign(set.variable().name(), variables.evaluate(set.value()));
        } else if (statement instanceof UseStatement use) {
            EnvChangeToken.database(out, use.database(), session.database());
            InfoToken.write(out, version, 5701, 1, "Changed database context to '" + use.database() + "'.");
            session.database(use.database());
        }
        // SET options and IF @@TRANCOUNT > 0 COMMIT change nothing here (see their classes).
    }

    private void select(SelectStatement select, int more) {
        List<Column<?>> columns = new ArrayList<>();
        List<Object> row = new ArrayList<>();
        for (SelectStatement.Item item : select.items()) {
            TypedValue value = variables.evaluate(item.value());
            columns.add(column(item.alias(), value.type().tdsType()));
            row.add(value.value());
        }
        StatementOutcomes.write(out, version, new RowSet(columns, List.of(row)), DoneToken.DONE, more);
    }

    private static <T> Column<T> column(String name, TdsType<T> type) {
        return new Column<>(name, type, true);
    }

    /** The served procedures the query selects, spelled as they were created. */
    private void sysobjects(SysobjectsQuery query, int more) {
        // A name asked for may be one of a family's, which are not listed.
        Stream<Procedure> candidates =
                query.name() == null ? catalog.procedures().stream() : catalog.named(query.name()).stream();
        List<List<Object>> rows = candidates
                .map(Procedure::name)
                .filter(query::selects)
                .sorted(String.CASE_INSENSITIVE_ORDER)
                .<List<Object>>map(List::of)
                .toList();
        StatementOutcomes.write(out, version, new RowSet(SYSOBJECTS_NAME_COLUMNS, rows), DoneToken.DONE, more);
    }
}
