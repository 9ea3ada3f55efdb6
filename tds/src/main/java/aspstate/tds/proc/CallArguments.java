package aspstate.tds.proc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;

/**
 * The arguments of one ASPState call, read with the checks SQL Server makes: a parameter without a default must be
 * passed (201), a value must suit the parameter's type (206), and a NULL bound for a NOT NULL column fails the
 * statement (515). Each check throws {@link SqlException}. The SharePoint procedures read their
 * arguments with the same checks, hence public.
 */
public final class CallArguments {
    public static final String INSERT = "INSERT";
    public static final String UPDATE = "UPDATE";
    /** The timeout in minutes, as both families declare it. */
    public static final ProcedureParameter TIMEOUT = ProcedureParameter.input("@timeout", DeclaredType.INT);
    /** The lock cookie a release, update or remove passes, as both families declare it. */
    public static final ProcedureParameter LOCK_COOKIE = ProcedureParameter.input("@lockCookie", DeclaredType.INT);
    /** @itemShort and the SessionItemShort column are varbinary(7000). */
    static final int ITEM_SHORT_LENGTH = 7000;

    public static final DeclaredType ITEM_SHORT_TYPE = DeclaredType.varbinary(ITEM_SHORT_LENGTH);

    private final String procedure;
    private final ProcedureCall call;

    CallArguments(String procedure, ProcedureCall call) {
        this.procedure = procedure;
        this.call = call;
    }

    /** The value passed, possibly NULL; the parameter itself must be there, as none of them has a default. */
    public <T> T value(String parameter, Class<T> type) {
        if (!call.has(parameter)) {
            throw SqlException.of(SqlErrors.missingParameter(procedure, parameter));
        }
        Object value = call.value(parameter, Object.class);
        if (value != null && !type.isInstance(value)) {
            throw SqlException.of(SqlErrors.typeClash("Operand type clash: " + parameter + " got "
                    + value.getClass().getSimpleName() + ", expected " + type.getSimpleName() + "."));
        }
        return type.cast(value);
    }

    /** A value stored into a NOT NULL column of the ASPState {@code table} by the procedure's {@code operation}. */
    public <T> T notNull(String parameter, Class<T> type, String column, String table, String operation) {
        return notNullIn(parameter, type, column, SessionTables.DATABASE + "." + table, operation);
    }

    /** A value stored into a NOT NULL column of {@code qualifiedTable} ({@code database.schema.table}). */
    public <T> T notNullIn(String parameter, Class<T> type, String column, String qualifiedTable, String operation) {
        T value = value(parameter, type);
        if (value == null) {
            throw SqlException.of(SqlErrors.nullNotAllowedIn(column, qualifiedTable, operation));
        }
        return value;
    }

    /**
     * @itemShort, NULL allowed. SQL Server would silently cut a longer value to the parameter's varbinary(7000);
     * refusing it keeps a session from being stored corrupt.
     */
    public byte[] itemShort() {
        byte[] item = value("@itemShort", byte[].class);
        if (item != null && item.length > ITEM_SHORT_LENGTH) {
            throw SqlException.of(SqlErrors.truncated("@itemShort", item.length, ITEM_SHORT_LENGTH));
        }
        return item;
    }

    /** @itemLong (image), NULL allowed. */
    public byte[] itemLong() {
        return value("@itemLong", byte[].class);
    }

    /** @timeout in minutes, stored into the sessions table's NOT NULL Timeout column. */
    public int timeout(String operation) {
        return timeoutIn(SessionTables.DATABASE + "." + SessionTables.SESSIONS_TABLE, operation);
    }

    /** @timeout in minutes, stored into the NOT NULL Timeout column of {@code qualifiedTable}. */
    public int timeoutIn(String qualifiedTable, String operation) {
        return notNullIn(TIMEOUT.name(), Number.class, "Timeout", qualifiedTable, operation)
                .intValue();
    }

    /** @lockCookie; NULL is legal and matches no item. */
    public Integer lockCookie() {
        Number cookie = value(LOCK_COOKIE.name(), Number.class);
        return cookie == null ? null : cookie.intValue();
    }
}
