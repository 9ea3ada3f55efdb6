package aspstate.tds.proc;

/** The shipped ASPState session table as its errors name it; the SharePoint procedures name it too. */
public final class SessionTables {
    /** The database aspnet_regsql makes, as errors name it. */
    public static final String DATABASE = "ASPState";

    public static final String SESSIONS_TABLE = "dbo.ASPStateTempSessions";
    /** The shipped table's primary key; SQL Server generates the suffix, so any stable one reads the same. */
    public static final String SESSIONS_PRIMARY_KEY = "PK__ASPState__C9F4929071D2A2A5";

    private SessionTables() {}
}
