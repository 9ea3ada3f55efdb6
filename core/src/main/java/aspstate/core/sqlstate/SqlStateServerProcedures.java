package aspstate.core.sqlstate;

/**
 * The ASPState procedures that touch no session item: the version probes a client makes when it connects, and the
 * cleanup job. TempGetAppID is {@link AppIds}, since it keeps state of its own.
 */
public final class SqlStateServerProcedures {
    /** What TempGetVersion returns: the schema version current ASP.NET requires. */
    public static final String TEMP_GET_VERSION = "2";
    /** SQL Server 2022, so that GetMajorVersion agrees with a modern {@code SELECT @@VERSION}. */
    public static final int DEFAULT_MAJOR_VERSION = 16;
    /** [MS-ASPSS] 3.1.4.2: the version "MUST be greater than or equal to 8". */
    public static final int LOWEST_MAJOR_VERSION = 8;

    private final int majorVersion;

    public SqlStateServerProcedures() {
        this(DEFAULT_MAJOR_VERSION);
    }

    /** @param majorVersion the SQL Server major version this server claims; must match what @@VERSION reports */
    public SqlStateServerProcedures(int majorVersion) {
        if (majorVersion < LOWEST_MAJOR_VERSION) {
            throw new IllegalArgumentException("the claimed SQL Server major version must be >= " + LOWEST_MAJOR_VERSION
                    + " (ASP.NET requires it), got " + majorVersion);
        }
        this.majorVersion = majorVersion;
    }

    /** TempGetVersion: @ver = '2' (the TDS layer pads it to char(10)). */
    public String tempGetVersion() {
        return TEMP_GET_VERSION;
    }

    /** GetMajorVersion: @@ver. */
    public int getMajorVersion() {
        return majorVersion;
    }

    /**
     * DeleteExpiredSessions: nothing to do. The store already frees expired items by itself (the memory store's
     * reaper runs every tick, well within the spec's 60 s) and never hands an expired item to a procedure, so an
     * explicit call - which the shipped product makes from a SQL Agent job - only has to succeed.
     */
    public SqlProcedureResult deleteExpiredSessions() {
        return SqlProcedureResult.DONE;
    }
}
