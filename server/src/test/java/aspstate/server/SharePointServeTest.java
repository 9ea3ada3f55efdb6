package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** serve's one TDS listener answers the SharePoint procedures beside the ASPState ones, in process. */
@Timeout(60)
class SharePointServeTest {
    @Test
    void addAndGetWithoutLockWorkThroughServesListener() throws SQLException {
        ServeOptions options = CliRun.serve("--stateserver-port", "0", "--tds-port", "0");
        try (RunningServer server = RunningServer.start(options);
                Connection connection =
                        AspStateJdbc.connect(server.tdsAddress().orElseThrow().getPort())) {
            try (CallableStatement add = connection.prepareCall("{call dbo.proc_AddItem(?, ?, ?)}")) {
                add.setString(1, "sharepoint-item");
                add.setBytes(2, new byte[] {1, 2, 3});
                add.setInt(3, 20);
                add.execute();
            }
            try (CallableStatement get = connection.prepareCall("{call dbo.proc_GetItemWithoutLock(?, ?, ?, ?, ?)}")) {
                get.setString(1, "sharepoint-item");
                get.registerOutParameter(2, Types.VARBINARY);
                get.registerOutParameter(3, Types.BIT);
                get.registerOutParameter(4, Types.INTEGER);
                get.registerOutParameter(5, Types.INTEGER);
                get.execute();
                assertThat(get.getBytes(2)).containsExactly(1, 2, 3);
                assertThat(get.getBoolean(3)).isFalse();
            }
            assertThat(AspStateJdbc.tempGetVersion(connection))
                    .as("ASPState is served beside it")
                    .startsWith("2");
        }
    }
}
