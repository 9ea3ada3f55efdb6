package aspstate.tds.sqlstate;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.sql.ShapeMatch;
import aspstate.tds.sqlstate.AsyncProviderProcedureName.Base;
import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.ClientTexts;
import aspstate.tds.statement.ServedStatement;
import aspstate.tds.statement.StatementCatalog;
import aspstate.tds.token.Column;
import aspstate.tds.type.IntNType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The batches Microsoft's SqlSessionStateProviderAsync sends when it starts: in its default repositoryType,
 * FrameworkCompat, the batch that finds out which aspnet_regsql tables the database has; in SqlServer, InMemory and
 * InMemoryDurable, the CREATE TABLE of its own table (unless it exists), a count of each procedure it needs in
 * INFORMATION_SCHEMA.ROUTINES, and the CREATE PROCEDURE of each one missing: for a table on disk (SqlServer) or an
 * in-memory one (InMemory, InMemoryDurable: natively compiled), which differ in body. Their shapes are the texts the
 * provider sends ({@link ClientTexts}), with {@code {table}} for its table and {@code {procedure}} for the name.
 *
 * <p>This server has the aspnet_regsql tables ASP.NET's SQL Server mode uses, and the provider's own tables and
 * procedures exist as soon as they are named ({@link AsyncProviderCatalog}): so the detection batch answers 2 (tables
 * aspnet_regsql made for SQL Server 2000 and later) and 0 (not memory-optimized) whatever table it asks about, every
 * CREATE succeeds without changing anything, and a procedure's count is 1 when the server serves it.
 */
public final class AsyncProviderStatements {
    /** FrameworkCompat's question: which kind of ASPStateTempSessions the database has. */
    static final String TABLE_DETECTION = ClientTexts.template("async-provider/table-detection.sql", "table");
    /** repositoryType SqlServer's table. */
    static final String CREATE_TABLE_ON_DISK =
            ClientTexts.template("async-provider/create-table-sqlserver.sql", "table");
    /** InMemory's and InMemoryDurable's: memory-optimized, durable or not. */
    static final String CREATE_TABLE_IN_MEMORY =
            ClientTexts.template("async-provider/create-table-inmemory.sql", "table", "durability");
    /** Whether a procedure exists, asked before it is created. */
    static final String ROUTINE_COUNT = ClientTexts.template("async-provider/routine-count.sql", "procedure");

    /** The two int variables SELECTed: columns without names. */
    private static final List<Column<?>> DETECTION_COLUMNS =
            List.of(new Column<>("", IntNType.INT, true), new Column<>("", IntNType.INT, true));

    private static final List<Column<?>> COUNT_COLUMNS = List.of(new Column<>("", IntNType.INT, true));
    /** FrameworkCompat's SessionTableType.Fx8: what aspnet_regsql makes for SQL Server 2000 and later. */
    private static final int ASPNET_REGSQL_TABLES = 2;

    private static final int NOT_MEMORY_OPTIMIZED = 0;
    private static final ProcedureResult DETECTED = ProcedureResult.of(
            Map.of(),
            List.of(new RowSet(DETECTION_COLUMNS, List.of(List.of(ASPNET_REGSQL_TABLES, NOT_MEMORY_OPTIMIZED)))));
    private static final ProcedureResult DONE = ProcedureResult.of(Map.of());

    private AsyncProviderStatements() {}

    /** @param served every procedure the server serves, which the count of a procedure's name is asked of */
    public static StatementCatalog create(ProcedureCatalog served) {
        List<ServedStatement> statements = new ArrayList<>(List.of(
                ServedStatement.of(TABLE_DETECTION, match -> BoundStatement.answering("DetectSessionTable", DETECTED)),
                ServedStatement.of(CREATE_TABLE_ON_DISK, match -> BoundStatement.answering("CreateSessionTable", DONE)),
                ServedStatement.of(CREATE_TABLE_IN_MEMORY, AsyncProviderStatements::createInMemoryTable),
                ServedStatement.of(
                        ROUTINE_COUNT,
                        match -> BoundStatement.answering(
                                "CountProcedure",
                                count(served.named(match.literal("procedure")).isPresent() ? 1 : 0)))));
        for (Base base : Base.values()) {
            for (String tables : List.of("sqlserver", "inmemory")) {
                statements.add(ServedStatement.of(
                        ClientTexts.template(
                                "async-provider/" + tables + "/" + base.procedureName + ".sql", "table", "procedure"),
                        match -> createProcedure(match, base)));
            }
        }
        return new StatementCatalog(statements);
    }

    private static ProcedureResult count(int count) {
        return ProcedureResult.of(Map.of(), List.of(new RowSet(COUNT_COLUMNS, List.of(List.of(count)))));
    }

    /** The durability is SCHEMA_ONLY (InMemory) or SCHEMA_AND_DATA (InMemoryDurable); anything else is refused. */
    private static BoundStatement createInMemoryTable(ShapeMatch match) {
        String durability = match.name("durability").get(0);
        if (!durability.equalsIgnoreCase("SCHEMA_ONLY") && !durability.equalsIgnoreCase("SCHEMA_AND_DATA")) {
            return refusing(
                    "CreateSessionTable",
                    SqlException.syntax(durability, 1, "DURABILITY = SCHEMA_ONLY or SCHEMA_AND_DATA"));
        }
        return BoundStatement.answering("CreateSessionTable", DONE);
    }

    /**
     * Accepted when the name is one this server serves that procedure under; any other name would create a procedure
     * that is never served, so it is refused, naming the names that work.
     */
    private static BoundStatement createProcedure(ShapeMatch match, Base base) {
        String name = String.join(".", match.name("procedure"));
        String bare = match.name("procedure").get(match.name("procedure").size() - 1);
        if (AsyncProviderCatalog.baseOf(bare).filter(base::equals).isEmpty()) {
            return refusing(
                    "CreateProcedure",
                    SqlException.userError(
                            SqlErrors.USER_DEFINED,
                            "This server serves "
                                    + base.procedureName
                                    + " only under the names SqlSessionStateProviderAsync gives it ("
                                    + base.procedureName + ", " + base.procedureName + "M, " + base.procedureName
                                    + "MD or <table>_"
                                    + base.procedureName + "), not as " + name + "."));
        }
        return BoundStatement.answering("CreateProcedure", DONE);
    }

    private static BoundStatement refusing(String name, SqlException error) {
        return BoundStatement.answering(name, ProcedureResult.failed(error.error()));
    }
}
