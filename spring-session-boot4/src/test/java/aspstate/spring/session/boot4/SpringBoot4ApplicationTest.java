package aspstate.spring.session.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.spring.session.testing.CountingPages;
import aspstate.spring.session.testing.RunningApplication;
import aspstate.stateserver.testing.AspNetSessionCookie;
import jakarta.servlet.Filter;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The Spring Session integration, built against Spring Boot 3.5, in a real Spring Boot 4 application (Tomcat 11)
 * without Spring Boot's own session module: it starts, its sessions are ASP.NET's under ASP.NET's cookie, stored in
 * ASP.NET's format, and a lock taken and never saved is given back, as on Spring Boot 3.5.
 */
class SpringBoot4ApplicationTest {
    private static RunningApplication application;

    @BeforeAll
    static void start() {
        application = new RunningApplication(CountingApplication.class);
    }

    @AfterAll
    static void stop() {
        if (application != null) {
            application.close();
        }
    }

    @Test
    void itsSessionsAreAspNetsUnderAspNetsCookie() throws Exception {
        HttpResponse<String> first = application.send("/count", null);
        assertThat(first.headers().firstValue("Set-Cookie").orElseThrow()).contains("SameSite=Lax");
        String id = AspNetSessionCookie.sessionId(first);

        assertThat(application.send("/add", id).body()).isEqualTo("1");
        assertThat(application.stored(id).items().get("count")).isEqualTo(1);
    }

    /** The lock of a session read and never saved is given back: the filter doing so is registered on Boot 4 too. */
    @Test
    void aRequestThatOnlyAsksWhetherItsSessionIsValidGivesTheLockBack() throws Exception {
        String id = AspNetSessionCookie.sessionId(application.send("/count", null));

        assertThat(application.send("/valid", id).body()).isEqualTo("true");
        try (StateServerConnection raw = StateServerConnection.connect(application.aspstate())) {
            assertThat(raw.getExclusive(RunningApplication.key(id)).join().isOk())
                    .as("the session is not left locked")
                    .isTrue();
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
