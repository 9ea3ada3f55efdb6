package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's value axes over values from far below to far above what a server shows, in node
 * (dashboard-axis-check.js says what it checks), with the dashboard's script as the jar serves it. The browser test
 * sees only the values its run happens to produce.
 */
class DashboardAxisTest {
    @Test
    void everyChartsAxisIsScaledToItsValuesDownToAFastStoresThirdOfAMicrosecond(@TempDir Path directory)
            throws Exception {
        Path dashboard = directory.resolve("dashboard.js");
        try (InputStream in = DashboardAxisTest.class.getResourceAsStream("/aspstate/admin/dashboard/dashboard.js")) {
            assertThat(in).as("the dashboard's script on the class path").isNotNull();
            Files.copy(in, dashboard);
        }
        Process node = new ProcessBuilder(
                        InteropClients.node().toString(),
                        InteropClients.dashboardAxisScript().toString(),
                        dashboard.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(node.exitValue()).as(output).isZero();
        assertThat(output).contains("\"ok\":true");
    }
}
