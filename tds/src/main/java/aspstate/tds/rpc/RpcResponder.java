package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.request.RpcRequest;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.RecognizedStatement;
import aspstate.tds.statement.StatementCatalog;
import aspstate.tds.system.SystemProcedures;
import aspstate.tds.token.DoneToken;
import aspstate.tds.type.IntNType;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Answers the RPC messages of one connection: procedures called by name (the catalog's, and system procedures
 * such as sp_sproc_columns), and procedure calls and recognized statements sent as T-SQL through sp_executesql,
 * sp_prepexec and sp_execute (whose prepared handles it keeps), plus sp_unprepare. Every call is bound when the message arrives, in order, so
 * a later call may use a handle an earlier one prepared; the procedures then run one after another and their
 * answers are appended in call order.
 */
public final class RpcResponder {
    private final StatementCatalog statements;
    private final SystemProcedures system;
    private final PreparedStatements prepared;
    private final Supplier<String> currentDatabase;
    private final TdsVersion version;

    /**
     * @param prepared        the connection's prepared statements, which SQL batches may unprepare too
     * @param currentDatabase the connection's database, which a USE may change between calls; read on the
     *                        connection's event loop
     * @param version         the TDS version the connection speaks, whose token layouts the answers use
     */
    public RpcResponder(
            ProcedureCatalog catalog,
            StatementCatalog statements,
            PreparedStatements prepared,
            Supplier<String> currentDatabase,
            TdsVersion version) {
        this.statements = statements;
        this.system = new SystemProcedures(catalog);
        this.prepared = prepared;
        this.currentDatabase = currentDatabase;
        this.version = version;
    }

    /** One answer ready to be appended: {@code more} is DoneToken.MORE unless it is the message's last. */
    @FunctionalInterface
    private interface Answer {
        CompletionStage<Void> write(ByteBuf out, int more);
    }

    /**
     * Appends the answers of all calls of one message to {@code out}; the stage completes when the last is
     * written. Must be called on the connection's event loop; {@code out} is written only by the stage's chain.
     */
    public CompletionStage<Void> respond(List<RpcRequest> calls, ByteBuf out) {
        List<Answer> answers = calls.stream().map(this::bind).toList();
        CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
        for (int i = 0; i < answers.size(); i++) {
            Answer answer = answers.get(i);
            int more = i == answers.size() - 1 ? DoneToken.FINAL : DoneToken.MORE;
            chain = chain.thenCompose(done -> answer.write(out, more));
        }
        return chain;
    }

    private Answer bind(RpcRequest rpc) {
        try {
            return switch (systemProcedure(rpc)) {
                case RpcRequest.SP_EXECUTESQL -> executeSql(rpc);
                case RpcRequest.SP_PREPEXEC -> prepareAndExecute(rpc);
                case RpcRequest.SP_EXECUTE -> execute(rpc);
                case RpcRequest.SP_UNPREPARE -> unprepare(rpc);
                default ->
                    invoke(ByNameBinder.bind(
                            find(rpc.procedureName())
                                    .orElseThrow(
                                            () -> SqlException.of(SqlErrors.unknownProcedure(rpc.procedureName()))),
                            rpc));
            };
        } catch (SqlException rejection) {
            return rejected(rejection);
        }
    }

    /**
     * A served procedure, or a system procedure such as sp_sproc_columns (which mssql-jdbc's
     * getProcedureColumns calls through sp_executesql); bound when the call arrives, so in the database current
     * then.
     */
    private Optional<Procedure> find(String name) {
        return system.findCallable(name, currentDatabase.get());
    }

    /** The ProcID, also when a client names the system procedure instead (tedious calls sp_executesql by name). */
    private static int systemProcedure(RpcRequest rpc) {
        return rpc.procId() != RpcRequest.BY_NAME ? rpc.procId() : RpcRequest.systemProcedure(rpc.procedureName());
    }

    /**
     * sp_executesql @stmt, @params, values...; a statement without parameters comes alone, as mssql-jdbc sends a
     * call without arguments.
     */
    private Answer executeSql(RpcRequest rpc) {
        String declarations = rpc.parameters().size() > 1 ? fixed(rpc, 1, "@params", String.class) : null;
        return run(parse(fixed(rpc, 0, "@stmt", String.class), declarations), values(rpc, 2), 2, List.of());
    }

    /** sp_prepexec @handle OUTPUT, @params, @stmt, values...: the handle comes back as the first RETURNVALUE. */
    private Answer prepareAndExecute(RpcRequest rpc) {
        RpcParameter handleParameter = fixedParameter(rpc, 0, "@handle");
        Prepared call = parse(fixed(rpc, 2, "@stmt", String.class), fixed(rpc, 1, "@params", String.class));
        int handle = prepared.prepare(call);
        OutputParameter handleOutput = new OutputParameter(0, handleParameter.name(), IntNType.INT, result -> handle);
        return run(call, values(rpc, 3), 3, List.of(handleOutput));
    }

    /** sp_execute @handle, values... */
    private Answer execute(RpcRequest rpc) {
        return run(prepared.get(fixed(rpc, 0, "@handle", Number.class).intValue()), values(rpc, 1), 1, List.of());
    }

    private Answer run(Prepared call, List<RpcParameter> values, int firstValue, List<OutputParameter> leadOutputs) {
        if (call instanceof PreparedShape shape) {
            return invoke(StatementBinder.bind(shape, values, firstValue, leadOutputs));
        }
        return invoke(ExecuteSqlBinder.bind(this::find, (PreparedCall) call, values, firstValue, leadOutputs));
    }

    private Answer unprepare(RpcRequest rpc) {
        prepared.unprepare(fixed(rpc, 0, "@handle", Number.class).intValue());
        return (out, more) -> {
            DoneToken.write(out, version, DoneToken.DONEPROC, more, 0, 0);
            return CompletableFuture.completedFuture(null);
        };
    }

    /** A statement this server recognizes, else a procedure call (EXEC), else a syntax error. */
    private Prepared parse(String statement, String declarations) {
        Declarations declared = Declarations.of(declarations);
        Optional<RecognizedStatement> recognized = statements.recognize(statement);
        if (recognized.isPresent()) {
            return new PreparedShape(recognized.get(), declared);
        }
        return new PreparedCall(ExecStatement.parse(statement), declared);
    }

    /** The values after the system procedure's own parameters; none when it was sent without the optional ones. */
    private static List<RpcParameter> values(RpcRequest rpc, int first) {
        int size = rpc.parameters().size();
        return rpc.parameters().subList(Math.min(first, size), size);
    }

    private static RpcParameter fixedParameter(RpcRequest rpc, int index, String name) {
        if (index >= rpc.parameters().size()) {
            throw SqlException.of(SqlErrors.missingParameter(rpc.procedureName(), name));
        }
        return rpc.parameters().get(index);
    }

    private static <T> T fixed(RpcRequest rpc, int index, String name, Class<T> type) {
        Object value = fixedParameter(rpc, index, name).value().value();
        if (!type.isInstance(value)) {
            throw SqlException.userError(
                    SqlErrors.MISSING_PARAMETER,
                    "Procedure or function '"
                            + rpc.procedureName()
                            + "' expects parameter '" + name + "' as "
                            + type.getSimpleName().toLowerCase(Locale.ROOT)
                            + ", got "
                            + (value == null ? "NULL" : value.getClass().getSimpleName()) + ".");
        }
        return type.cast(value);
    }

    private Answer invoke(ProcedureInvocation invocation) {
        return (out, more) -> ProcedureRunner.run(invocation.procedure(), invocation.call())
                .thenAccept(result -> ProcedureResponse.write(out, version, result, invocation.outputs(), more));
    }

    private Answer invoke(StatementInvocation invocation) {
        BoundStatement statement = invocation.statement();
        return (out, more) -> ProcedureRunner.run(
                        "statement " + statement.name(), () -> statement.run(invocation.arguments()), statement.name())
                .thenAccept(result -> ProcedureResponse.write(out, version, result, invocation.outputs(), more));
    }

    private Answer rejected(SqlException rejection) {
        return (out, more) -> {
            ProcedureResponse.rejected(out, version, rejection, more);
            return CompletableFuture.completedFuture(null);
        };
    }
}
