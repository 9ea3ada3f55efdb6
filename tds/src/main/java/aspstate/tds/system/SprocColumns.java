package aspstate.tds.system;

import static aspstate.tds.proc.ProcedureParameter.input;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * sp_sproc_columns and sp_sproc_columns_100 over the catalog: for each matching procedure, a row for its return
 * status, then one per parameter in declaration order ({@link SprocColumnsResultSet}). mssql-jdbc runs
 * {@code exec sp_sproc_columns @procedure_name=Proc, ...} before a CallableStatement's first parameter set or
 * registered by name, and takes the n-th row's COLUMN_NAME as parameter n (the return status row being 0);
 * DatabaseMetaData.getProcedureColumns calls sp_sproc_columns_100. A name that matches nothing answers an empty
 * result set, as SQL Server does.
 */
public final class SprocColumns implements Procedure {
    /** The two names, which differ only in how they report (max) types. */
    public enum Version {
        /** For clients older than SQL Server 2008: varbinary(max) is reported as the legacy long type. */
        SP_SPROC_COLUMNS("sp_sproc_columns", false),
        /** For clients that know (max) types: varbinary(max) is varbinary with size 0. */
        SP_SPROC_COLUMNS_100("sp_sproc_columns_100", true);

        private final String procedureName;
        private final boolean maxLengthIsUnknown;

        Version(String procedureName, boolean maxLengthIsUnknown) {
            this.procedureName = procedureName;
            this.maxLengthIsUnknown = maxLengthIsUnknown;
        }

        public String procedureName() {
            return procedureName;
        }
    }

    /** "Conversion failed when converting ... to data type ...". */
    /** SQL Server's declarations of the arguments, in order; every one has a default. */
    private static final List<ProcedureParameter> PARAMETERS = List.of(
            input("@procedure_name", DeclaredType.nvarchar(390)),
            input("@procedure_owner", DeclaredType.nvarchar(384)),
            input("@procedure_qualifier", DeclaredType.nvarchar(128)),
            input("@column_name", DeclaredType.nvarchar(384)),
            input("@ODBCVer", DeclaredType.INT),
            input("@fUsePattern", DeclaredType.BIT));

    private final Version version;
    private final ProcedureCatalog catalog;
    private final String currentDatabase;

    /** @param currentDatabase the connection's database, reported as the qualifier when the caller names none */
    public SprocColumns(Version version, ProcedureCatalog catalog, String currentDatabase) {
        this.version = version;
        this.catalog = catalog;
        this.currentDatabase = currentDatabase;
    }

    @Override
    public String name() {
        return version.procedureName();
    }

    @Override
    public List<ProcedureParameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public CompletionStage<ProcedureResult> call(ProcedureCall call) {
        ProcedureResult result;
        try {
            result = ProcedureResult.of(Map.of(), List.of(describe(SprocColumnsQuery.of(call))));
        } catch (SprocColumnsQuery.ConversionFailedException e) {
            result = ProcedureResult.failed(SqlErrors.userError(SqlErrors.CONVERSION_FAILED, e.getMessage()));
        }
        return CompletableFuture.completedFuture(result);
    }

    /**
     * The rows for a query, ordered as SQL Server orders them: by procedure name, then parameter order. The served
     * procedures are in every database (the catalog accepts any database name), so a qualifier the caller names
     * is reported back rather than refused.
     */
    public RowSet describe(SprocColumnsQuery query) {
        String qualifier = query.qualifier() != null ? query.qualifier() : currentDatabase;
        List<List<Object>> rows = new ArrayList<>();
        if (query.matchesOwner(ProcedureCatalog.SCHEMA)) {
            catalog.procedures().stream()
                    .filter(procedure -> query.matchesProcedure(procedure.name()))
                    .sorted(Comparator.comparing(Procedure::name, String.CASE_INSENSITIVE_ORDER))
                    .forEach(procedure -> rows.addAll(rows(query, qualifier, procedure)));
        }
        return new RowSet(SprocColumnsResultSet.COLUMNS, rows);
    }

    private List<List<Object>> rows(SprocColumnsQuery query, String qualifier, Procedure procedure) {
        List<List<Object>> rows = new ArrayList<>();
        if (query.matchesColumn(SprocColumnsResultSet.RETURN_VALUE_NAME)) {
            rows.add(SprocColumnsResultSet.row(
                    qualifier,
                    procedure.name(),
                    SprocColumnsResultSet.RETURN_VALUE_NAME,
                    SprocColumnsResultSet.RETURN_VALUE,
                    OdbcType.RETURN_STATUS,
                    false,
                    0));
        }
        List<ProcedureParameter> parameters = procedure.parameters();
        for (int i = 0; i < parameters.size(); i++) {
            ProcedureParameter parameter = parameters.get(i);
            if (query.matchesColumn(parameter.name())) {
                rows.add(SprocColumnsResultSet.row(
                        qualifier,
                        procedure.name(),
                        parameter.name(),
                        parameter.output() ? SprocColumnsResultSet.INPUT_OUTPUT : SprocColumnsResultSet.INPUT,
                        OdbcType.of(parameter.type(), query.odbcVersion(), version.maxLengthIsUnknown),
                        true,
                        i + 1));
            }
        }
        return rows;
    }
}
