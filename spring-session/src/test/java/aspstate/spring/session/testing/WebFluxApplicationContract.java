package aspstate.spring.session.testing;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.stateserver.testing.AspNetSessionCookie;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.WebSession;
import reactor.core.publisher.Mono;

/**
 * A real WebFlux application with the module's auto-configuration, its sessions on a real aspstate listener: they
 * are ASP.NET's, under ASP.NET's cookie and in ASP.NET's format, and locked per request. Run on each Spring Boot
 * version the module supports, by a subclass in that version's tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class WebFluxApplicationContract {
    private RunningApplication application;

    @BeforeAll
    void start() {
        application = new RunningApplication(CountingApplication.class, "--spring.main.web-application-type=reactive");
    }

    @AfterAll
    void stop() {
        if (application != null) {
            application.close();
        }
    }

    @Test
    void itsSessionsAreAspNetsUnderAspNetsCookie() throws Exception {
        HttpResponse<String> first = application.send("/add", null);
        assertThat(first.body()).isEqualTo("1");
        assertThat(first.headers().firstValue("Set-Cookie").orElseThrow()).contains("SameSite=Lax");
        String id = AspNetSessionCookie.sessionId(first);

        assertThat(application.send("/add", id).body()).isEqualTo("2");
        assertThat(application.stored(id).items().get("count")).isEqualTo(2);
    }

    /** Ten concurrent requests of one session each add one: each waits for the lock, none loses another's update. */
    @Test
    void concurrentRequestsOfOneSessionEachKeepTheirUpdate() throws Exception {
        String id = AspNetSessionCookie.sessionId(application.send("/add", null));
        int requests = 10;

        CompletableFuture<?>[] adding = new CompletableFuture<?>[requests];
        for (int i = 0; i < requests; i++) {
            adding[i] = application.sendAsync("/add", id);
        }
        CompletableFuture.allOf(adding).get(30, TimeUnit.SECONDS);

        assertThat(application.stored(id).items().get("count")).isEqualTo(requests + 1);
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(ReactiveCounter.class)
    static class CountingApplication {}

    /** /add adds one to the session's count and answers the new count. */
    @RestController
    static class ReactiveCounter {

        @GetMapping("/add")
        Mono<String> add(WebSession session) {
            Integer count = session.getAttribute("count");
            int next = count == null ? 1 : count + 1;
            session.getAttributes().put("count", next);
            return Mono.just(String.valueOf(next));
        }
    }
}
