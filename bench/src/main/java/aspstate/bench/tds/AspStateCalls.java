package aspstate.bench.tds;

import aspstate.bench.Reply;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.Map;

/**
 * The ASPState procedure calls on one connection, with the parameters SqlSessionStateStore sends. Statements
 * are prepared once per procedure and reused, as the provider reuses its commands, so a run measures the calls
 * rather than the driver's parsing. Not thread-safe: used from one thread at a time.
 */
final class AspStateCalls implements AutoCloseable {
    private final Connection connection;
    private final Map<String, CallableStatement> statements = new HashMap<>();

    AspStateCalls(Connection connection) {
        this.connection = connection;
    }

    int appId(String appName) throws SQLException {
        CallableStatement call = statement("TempGetAppID", 2);
        call.setString(1, appName);
        call.registerOutParameter(2, Types.INTEGER);
        call.execute();
        return call.getInt(2);
    }

    /**
     * A v3 get: the outputs are all NULL for a missing item; a locked one carries the holder's cookie and no
     * data; an item stored in the image column comes back as a one-row result set instead of @itemShort.
     */
    Reply get(String procedure, String id) throws SQLException {
        CallableStatement call = statement(procedure, 6);
        call.setString(1, id);
        call.registerOutParameter(2, Types.VARBINARY);
        call.registerOutParameter(3, Types.BIT);
        call.registerOutParameter(4, Types.INTEGER);
        call.registerOutParameter(5, Types.INTEGER);
        call.registerOutParameter(6, Types.INTEGER);
        byte[] itemLong = null;
        if (call.execute()) {
            try (ResultSet rows = call.getResultSet()) {
                if (rows.next()) {
                    itemLong = rows.getBytes(1);
                }
            }
        }
        int lockCookie = call.getInt(5);
        if (call.wasNull()) {
            return Reply.NOT_FOUND;
        }
        if (call.getBoolean(3)) {
            return new Reply(Reply.Status.LOCKED, lockCookie, null);
        }
        byte[] itemShort = call.getBytes(2);
        return new Reply(Reply.Status.OK, lockCookie, itemLong != null ? itemLong : itemShort);
    }

    void update(String procedure, String id, byte[] item, int timeoutMinutes, int lockCookie) throws SQLException {
        CallableStatement call = statement(procedure, 4);
        call.setString(1, id);
        call.setBytes(2, item);
        call.setInt(3, timeoutMinutes);
        call.setInt(4, lockCookie);
        call.execute();
    }

    void insert(String procedure, String id, byte[] item, int timeoutMinutes) throws SQLException {
        CallableStatement call = statement(procedure, 3);
        call.setString(1, id);
        call.setBytes(2, item);
        call.setInt(3, timeoutMinutes);
        call.execute();
    }

    void release(String id, int lockCookie) throws SQLException {
        CallableStatement call = statement("TempReleaseStateItemExclusive", 2);
        call.setString(1, id);
        call.setInt(2, lockCookie);
        call.execute();
    }

    void resetTimeout(String id) throws SQLException {
        CallableStatement call = statement("TempResetTimeout", 1);
        call.setString(1, id);
        call.execute();
    }

    private CallableStatement statement(String procedure, int parameters) throws SQLException {
        CallableStatement call = statements.get(procedure);
        if (call == null) {
            call = connection.prepareCall("{call dbo." + procedure + "(" + "?, ".repeat(parameters - 1) + "?)}");
            statements.put(procedure, call);
        }
        return call;
    }

    /** Closing the connection closes its statements. */
    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // Closing after a run: a connection the server already dropped has nothing left to release.
        }
    }
}
