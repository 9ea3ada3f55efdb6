package example.sharedsession;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.StateServerConnection;
import aspstate.sessionformat.DotNetType;
import aspstate.sessionformat.SessionStateData;
import aspstate.stateserver.testing.LoopbackStateServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The example as it runs, on a real aspstate listener: the counter goes up in the session, and the session holds it
 * where and as the ASP.NET page reads it: under the application's key, an Int32 named "counter".
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SharedSessionApplicationTest {
    private static final LoopbackStateServer ASPSTATE = new LoopbackStateServer();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void aspstate(DynamicPropertyRegistry properties) {
        properties.add("aspstate.session.servers", ASPSTATE::hostAndPort);
    }

    @AfterAll
    static void stop() {
        ASPSTATE.close();
    }

    @Test
    void theCounterIsAnInt32InTheAspNetApplicationsSession() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> first = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/counter"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        String id = cookie.substring("ASP.NET_SessionId=".length(), cookie.indexOf(';'));
        HttpResponse<String> second = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/counter"))
                        .header("Cookie", "ASP.NET_SessionId=" + id)
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(first.body()).endsWith(": 1\n");
        assertThat(second.body()).endsWith(": 2\n");
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            byte[] data = raw.get(AspNetApplication.of("/LM/W3SVC/1/ROOT/shop").key(id))
                    .join()
                    .data();
            SessionStateData session = SessionStateData.read(data);
            assertThat(session.items().typeOf("counter")).isEqualTo(DotNetType.INT32);
            assertThat(session.items().get("counter")).isEqualTo(2);
        }
    }
}
