package aspstate.server;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Types;

/**
 * mssql-jdbc calling the procedures of ASP.NET's SQL Server mode and of SharePoint's State Service, as a Java
 * application would, without TLS: the version and application-id probes, insert, get with and without the lock,
 * release; add and get SharePoint items.
 */
final class AspStateJdbc {
    private AspStateJdbc() {}

    /** Any user and password: the server has no --tds-user, so logins are not checked. */
    static Connection connect(int port) throws SQLException {
        return connect(port, "any", "any");
    }

    static Connection connect(int port, String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlserver://127.0.0.1:" + port + ";encrypt=false;user=" + user
                + ";password=" + password + ";loginTimeout=10");
    }

    /** The schema version the server claims, blank-padded as the shipped char(10) @ver is. */
    static String tempGetVersion(Connection connection) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TempGetVersion(?)}")) {
            call.registerOutParameter(1, Types.CHAR);
            call.execute();
            return call.getString(1);
        }
    }

    static int tempGetAppId(Connection connection, String appName) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TempGetAppID(?, ?)}")) {
            call.setString(1, appName);
            call.registerOutParameter(2, Types.INTEGER);
            call.execute();
            return call.getInt(2);
        }
    }

    /** What a TempGetStateItem*3 or proc_GetItem* call answered. */
    record Got(byte[] item, Boolean locked, Integer lockAge, Integer lockCookie, Integer actionFlags) {}

    static void insertShort(Connection connection, String id, byte[] item, int timeoutMinutes) throws SQLException {
        insert(connection, "TempInsertStateItemShort", id, item, timeoutMinutes);
    }

    static void insertUninitialized(Connection connection, String id, byte[] item, int timeoutMinutes)
            throws SQLException {
        insert(connection, "TempInsertUninitializedItem", id, item, timeoutMinutes);
    }

    private static void insert(Connection connection, String procedure, String id, byte[] item, int timeout)
            throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(?, ?, ?)}")) {
            call.setString(1, id);
            call.setBytes(2, item);
            call.setInt(3, timeout);
            call.execute();
        }
    }

    /** TempGetStateItemExclusive3 ({@code exclusive}) or TempGetStateItem3. */
    static Got get3(Connection connection, String id, boolean exclusive) throws SQLException {
        String procedure = exclusive ? "TempGetStateItemExclusive3" : "TempGetStateItem3";
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(?, ?, ?, ?, ?, ?)}")) {
            call.setString(1, id);
            call.registerOutParameter(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.INTEGER);
            call.registerOutParameter(5, Types.INTEGER);
            call.registerOutParameter(6, Types.INTEGER);
            call.execute();
            return new Got(
                    call.getBytes(2),
                    (Boolean) call.getObject(3),
                    (Integer) call.getObject(4),
                    (Integer) call.getObject(5),
                    (Integer) call.getObject(6));
        }
    }

    static void release(Connection connection, String id, int lockCookie) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TempReleaseStateItemExclusive(?, ?)}")) {
            call.setString(1, id);
            call.setInt(2, lockCookie);
            call.execute();
        }
    }

    static void addItem(Connection connection, String id, byte[] item, int timeoutMinutes) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.proc_AddItem(?, ?, ?)}")) {
            call.setString(1, id);
            call.setBytes(2, item);
            call.setInt(3, timeoutMinutes);
            call.execute();
        }
    }

    /** proc_GetItemWithLock ({@code lock}) or proc_GetItemWithoutLock; actionFlags is always null. */
    static Got getItem(Connection connection, String id, boolean lock) throws SQLException {
        String procedure = lock ? "proc_GetItemWithLock" : "proc_GetItemWithoutLock";
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(?, ?, ?, ?, ?)}")) {
            call.setString(1, id);
            call.registerOutParameter(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.INTEGER);
            call.registerOutParameter(5, Types.INTEGER);
            call.execute();
            return new Got(
                    call.getBytes(2),
                    (Boolean) call.getObject(3),
                    (Integer) call.getObject(4),
                    (Integer) call.getObject(5),
                    null);
        }
    }
}
