package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.testing.Await;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The monitoring files in docs/monitoring (alert rules, Grafana dashboard) name only metrics a real server exports,
 * so that renaming a metric cannot leave them silently empty.
 */
@Timeout(60)
class MonitoringFilesTest {
    private static final Path MONITORING = Path.of("..", "docs", "monitoring");
    private static final Pattern METRIC = Pattern.compile("\\b((?:aspstate|jvm)_[a-z_]+)");

    @Test
    void everyMetricTheAlertsAndTheDashboardUseIsExported() throws Exception {
        Set<String> used = new TreeSet<>();
        used.addAll(metricsIn(Files.readString(MONITORING.resolve("aspstate-alerts.yml"))));
        String dashboard = Files.readString(MONITORING.resolve("grafana-dashboard.json"));
        new ObjectMapper().readTree(dashboard); // valid JSON, as Grafana's import needs
        used.addAll(metricsIn(dashboard));

        Set<String> exported;
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
                StateServerConnection client = StateServerConnection.connect(server.stateServerAddress())) {
            // One of everything that makes a series appear: a request, a lock conflict, a lock let go.
            client.set("/app/s", new byte[] {1}, 20, null).get(10, TimeUnit.SECONDS);
            int cookie = client.getExclusive("/app/s").get(10, TimeUnit.SECONDS).lockCookie();
            client.getExclusive("/app/s").get(10, TimeUnit.SECONDS);
            client.releaseExclusive("/app/s", cookie).get(10, TimeUnit.SECONDS);
            // The GC pause series appears with the first collection, which a short run may not have had; the JVM
            // reports it a moment after it ends.
            System.gc();
            URI metrics = URI.create(
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort() + "/metrics");
            Await.until("a collection counted", () -> scrape(metrics).contains("jvm_gc_pause_seconds_sum"));
            exported = scrape(metrics);
        }

        assertThat(used).isNotEmpty();
        assertThat(exported).containsAll(used);
    }

    /** The names of the series a scrape exports. */
    private static Set<String> scrape(URI metrics) {
        try {
            return HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
                    .body()
                    .lines()
                    .filter(line -> !line.startsWith("#"))
                    .map(line -> line.replaceAll("[{ ].*", ""))
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> metricsIn(String text) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }
}
