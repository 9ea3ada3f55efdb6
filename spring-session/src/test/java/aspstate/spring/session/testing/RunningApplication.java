package aspstate.spring.session.testing;

import aspstate.client.AspNetApplication;
import aspstate.client.StateServerConnection;
import aspstate.core.testing.Await;
import aspstate.sessionformat.SessionStateData;
import aspstate.stateserver.testing.AspNetSessionCookie;
import aspstate.stateserver.testing.LoopbackStateServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application of the tests, started on a loopback port with the module's auto-configuration in ASP.NET
 * mode and its sessions on a real aspstate listener of its own; requests to it carry ASP.NET's session cookie.
 */
public final class RunningApplication implements AutoCloseable {
    public static final String APP_ID = "/LM/W3SVC/1/ROOT/shop";
    private final LoopbackStateServer aspstate = new LoopbackStateServer();
    private final HttpClient http = HttpClient.newHttpClient();
    private final ConfigurableApplicationContext application;
    private final int port;

    /** Starts {@code configuration} with these arguments besides the listener's and the port's. */
    public RunningApplication(Class<?> configuration, String... arguments) {
        List<String> all = new ArrayList<>(List.of(
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--aspstate.session.servers=" + aspstate.hostAndPort(),
                "--aspstate.session.application-id=" + APP_ID,
                "--aspstate.session.lock-poll-interval=20ms"));
        all.addAll(List.of(arguments));
        try {
            application = SpringApplication.run(configuration, all.toArray(String[]::new));
        } catch (RuntimeException e) {
            aspstate.close();
            throw e;
        }
        port = Integer.parseInt(application.getEnvironment().getRequiredProperty("local.server.port"));
    }

    public HttpResponse<String> send(String path, String sessionId) throws IOException, InterruptedException {
        return http.send(AspNetSessionCookie.get(port, path, sessionId), HttpResponse.BodyHandlers.ofString());
    }

    public CompletableFuture<HttpResponse<String>> sendAsync(String path, String sessionId) {
        return http.sendAsync(AspNetSessionCookie.get(port, path, sessionId), HttpResponse.BodyHandlers.ofString());
    }

    /** The aspstate listener the sessions are on. */
    public InetSocketAddress aspstate() {
        return aspstate.address();
    }

    /** The key the session of that id is stored under. */
    public static String key(String sessionId) {
        return AspNetApplication.of(APP_ID).key(sessionId);
    }

    /** The session as stored, once the request that wrote it has unlocked it. */
    public SessionStateData stored(String sessionId) throws IOException {
        try (StateServerConnection raw = StateServerConnection.connect(aspstate.address())) {
            Await.until(
                    "the session is unlocked",
                    () -> raw.get(key(sessionId)).join().isOk());
            return SessionStateData.read(raw.get(key(sessionId)).join().data());
        }
    }

    @Override
    public void close() {
        try {
            application.close();
        } finally {
            aspstate.close();
        }
    }
}
