package aspstate.server;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Types;

/** mssql-jdbc calling the ASPState procedures, as a Java application would, without TLS. */
final class AspStateJdbc {
    private AspStateJdbc() {
    }

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
}
