package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import java.util.HashMap;
import java.util.Map;

/**
 * The statements one connection prepared with sp_prepexec, by handle, until sp_unprepare or the connection ends
 * (handles are per connection on SQL Server too). Handles count from 1, never 0: mssql-jdbc sends 0 in
 * sp_prepexec's @handle before it has one.
 */
public final class PreparedStatements {
    private final Map<Integer, Prepared> byHandle = new HashMap<>();
    private int lastHandle;

    int prepare(Prepared call) {
        lastHandle++;
        byHandle.put(lastHandle, call);
        return lastHandle;
    }

    Prepared get(int handle) {
        Prepared call = byHandle.get(handle);
        if (call == null) {
            throw SqlException.userError(
                    SqlErrors.NO_SUCH_HANDLE, "Could not find prepared statement with handle " + handle + ".");
        }
        return call;
    }

    /** Unpreparing a handle that does not exist is harmless: drivers unprepare lazily and may repeat it. */
    public void unprepare(int handle) {
        byHandle.remove(handle);
    }

    /**
     * Drops every statement, as a connection reset does. Handles keep counting on, so a handle from before the reset
     * finds nothing instead of a later statement.
     */
    public void unprepareAll() {
        byHandle.clear();
    }
}
