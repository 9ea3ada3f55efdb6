package aspstate.spring.session.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.StateServerConnection;
import aspstate.core.testing.Await;
import aspstate.sessionformat.SessionStateData;
import aspstate.spring.session.testing.CountingPages;
import aspstate.stateserver.testing.AspNetSessionCookie;
import aspstate.stateserver.testing.LoopbackStateServer;
import jakarta.servlet.Filter;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The Spring Session integration, built against Spring Boot 3.5, in a real Spring Boot 4 application (Tomcat 11)
 * without Spring Boot's own session module: it starts, its sessions are ASP.NET's under ASP.NET's cookie, stored in
 * ASP.NET's format, and a lock taken and never saved is given back, as on Spring Boot 3.5.
 */
class SpringBoot4ApplicationTest {
    private static final String APP_ID = "/LM/W3SVC/1/ROOT/shop";
    private static final LoopbackStateServer ASPSTATE = new LoopbackStateServer();
    private static ConfigurableApplicationContext application;
    private static int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        application = SpringApplication.run(
                CountingApplication.class,
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--aspstate.session.servers=" + ASPSTATE.hostAndPort(),
                "--aspstate.session.application-id=" + APP_ID,
                "--aspstate.session.lock-poll-interval=20ms");
        port = Integer.parseInt(application.getEnvironment().getRequiredProperty("local.server.port"));
    }

    @AfterAll
    static void stop() {
        if (application != null) {
            application.close();
        }
        ASPSTATE.close();
    }

    @Test
    void itsSessionsAreAspNetsUnderAspNetsCookie() throws Exception {
        HttpResponse<String> first = send("/count", null);
        assertThat(first.headers().firstValue("Set-Cookie").orElseThrow()).contains("SameSite=Lax");
        String id = AspNetSessionCookie.sessionId(first);

        assertThat(send("/add", id).body()).isEqualTo("1");
        assertThat(stored(id).items().get("count")).isEqualTo(1);
    }

    /** The lock of a session read and never saved is given back: the filter doing so is registered on Boot 4 too. */
    @Test
    void aRequestThatOnlyAsksWhetherItsSessionIsValidGivesTheLockBack() throws Exception {
        String id = AspNetSessionCookie.sessionId(send("/count", null));

        assertThat(send("/valid", id).body()).isEqualTo("true");
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            assertThat(raw.getExclusive(AspNetApplication.of(APP_ID).key(id))
                            .join()
                            .isOk())
                    .as("the session is not left locked")
                    .isTrue();
        }
    }

    private HttpResponse<String> send(String path, String sessionId) throws Exception {
        return http.send(AspNetSessionCookie.get(port, path, sessionId), HttpResponse.BodyHandlers.ofString());
    }

    /** The session as stored, once the request that wrote it has unlocked it. */
    private static SessionStateData stored(String id) throws IOException {
        String key = AspNetApplication.of(APP_ID).key(id);
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            Await.until("the session is unlocked", () -> raw.get(key).join().isOk());
            return SessionStateData.read(raw.get(key).join().data());
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(CountingPages.Counter.class)
    static class CountingApplication {

        @Bean
        FilterRegistrationBean<Filter> validityOnly() {
            return CountingPages.validityOnly();
        }
    }
}
