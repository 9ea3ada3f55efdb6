package aspstate.tds.proc;

import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;

/** The shipped ASPState session table as its errors name it; the SharePoint procedures name it too. */
public final class SessionTables {
    /** The shipped table's primary key; SQL Server generates the suffix, so any stable one reads the same. */
    private static final String SESSIONS_PRIMARY_KEY = "PK__ASPState__C9F4929071D2A2A5";
    public static final String SESSIONS_TABLE = "dbo.ASPStateTempSessions";

    private SessionTables() {
    }

    /** ASP.NET swallows this one on insert: another web server created the session first. */
    public static SqlError duplicateSession(String id) {
        return SqlErrors.duplicateKey(SESSIONS_PRIMARY_KEY, SESSIONS_TABLE, id);
    }
}
