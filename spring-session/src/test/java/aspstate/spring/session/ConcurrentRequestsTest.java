package aspstate.spring.session;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import aspstate.sessionformat.DotNetType;
import aspstate.sessionformat.SessionStateData;
import aspstate.spring.session.testing.CountingPages;
import aspstate.stateserver.testing.AspNetSessionCookie;
import aspstate.stateserver.testing.LoopbackStateServer;
import jakarta.servlet.Filter;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.session.web.http.SessionRepositoryFilter;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A real Spring Boot application (Tomcat) with this module's auto-configuration in ASP.NET mode, its sessions on a
 * real aspstate listener: two concurrent requests of one session both keep their update, because the second waits
 * for the first's lock; and the session is ASP.NET's, under ASP.NET's cookie, id and key, in ASP.NET's format.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        classes = ConcurrentRequestsTest.CounterApplication.class)
class ConcurrentRequestsTest {
    private static final String APP_ID = "/LM/W3SVC/1/ROOT/shop";
    private static final LoopbackStateServer ASPSTATE = new LoopbackStateServer();

    /** The first request holds the session until the test lets it go. */
    static final CountDownLatch FIRST_ENTERED = new CountDownLatch(1);

    static final CountDownLatch FIRST_MAY_FINISH = new CountDownLatch(1);
    static final AtomicLong FIRST_LEFT_NANOS = new AtomicLong();
    static final AtomicLong SECOND_ENTERED_NANOS = new AtomicLong();
    /** Set when the second request has reached the server, before its session is read. */
    static final AtomicReference<String> SECOND_ARRIVED = new AtomicReference<>();

    static final int STORED_MEANWHILE = 99;

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void aspstate(DynamicPropertyRegistry properties) {
        properties.add("aspstate.session.servers", ASPSTATE::hostAndPort);
        properties.add("aspstate.session.application-id", () -> APP_ID);
        properties.add("aspstate.session.lock-poll-interval", () -> "20ms");
    }

    @AfterAll
    static void stop() {
        ASPSTATE.close();
    }

    @Test
    void twoConcurrentRequestsOfOneSessionBothKeepTheirUpdate() throws Exception {
        String id = AspNetSessionCookie.sessionId(http.send(get("/count", null), HttpResponse.BodyHandlers.ofString()));

        CompletableFuture<HttpResponse<String>> holding =
                http.sendAsync(get("/slow-increment", id), HttpResponse.BodyHandlers.ofString());
        assertThat(FIRST_ENTERED.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<HttpResponse<String>> waiting =
                http.sendAsync(get("/increment?second", id), HttpResponse.BodyHandlers.ofString());
        Await.until("the second request reached the application", () -> SECOND_ARRIVED.get() != null);
        FIRST_MAY_FINISH.countDown();

        assertThat(holding.get(10, TimeUnit.SECONDS).body()).isEqualTo("1");
        assertThat(waiting.get(10, TimeUnit.SECONDS).body()).isEqualTo("2");
        assertThat(SECOND_ENTERED_NANOS.get())
                .as("the second ran only once the first had finished")
                .isGreaterThan(FIRST_LEFT_NANOS.get());
        assertThat(http.send(get("/count", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .isEqualTo("2");

        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            SessionStateData stored = SessionStateData.read(
                    raw.get(AspNetApplication.of(APP_ID).key(id)).join().data());
            assertThat(stored.items().get("count")).isEqualTo(2);
            assertThat(stored.items().typeOf("count")).isEqualTo(DotNetType.INT32);
            assertThat(stored.timeoutMinutes()).isEqualTo(20);
        }
    }

    /**
     * Spring Session looks the session up again after committing it; a second lock there, taken after the response
     * went out, would make the client's next request wait. Each lock takes the next lock cookie, so the cookies
     * count the locks.
     */
    @Test
    void eachRequestLocksItsSessionOnceAndTheResponseComesAfterTheUnlock() throws Exception {
        String id = newSession();
        String key = AspNetApplication.of(APP_ID).key(id);
        int requests = 3;

        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            int before = lockAndRelease(raw, key);
            for (int i = 0; i < requests; i++) {
                assertThat(http.send(get("/count", id), HttpResponse.BodyHandlers.ofString())
                                .body())
                        .isEqualTo("0");
                assertThat(raw.get(key).join().isLocked())
                        .as("the session is unlocked once the response has arrived")
                        .isFalse();
            }
            Await.until("the session is unlocked", () -> raw.get(key).join().isOk());
            assertThat(lockAndRelease(raw, key) - before)
                    .as("locks taken by the requests, and this one")
                    .isEqualTo(requests + 1);
        }
    }

    /**
     * Spring Session's filter runs again in the container's error-page dispatch and looks the session up there;
     * that lookup must not lock it with nobody left to give the lock back.
     */
    @Test
    void aPageAnsweredWithTheErrorPageLeavesItsSessionUnlocked() throws Exception {
        String id = newSession();
        String key = AspNetApplication.of(APP_ID).key(id);

        assertThat(http.send(get("/count-then-not-found", id), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(404);
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            Await.until("the session is unlocked", () -> raw.get(key).join().isOk());
        }
    }

    /** A session committed by an include and then invalidated is gone for the rest of the request. */
    @Test
    void aSessionInvalidatedAfterAnIncludeCommittedItIsGoneForTheRestOfTheRequest() throws Exception {
        String id = newSession();

        assertThat(http.send(get("/include-then-invalidate", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .endsWith("session after invalidate: none");
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            assertThat(raw.get(AspNetApplication.of(APP_ID).key(id)).join().isNotFound())
                    .isTrue();
        }
    }

    /** Invalidated, a session is gone for the rest of the request too: asked for again, there is none. */
    @Test
    void anInvalidatedSessionIsGoneForTheRestOfTheRequest() throws Exception {
        String id = newSession();

        assertThat(http.send(get("/invalidate-then-look", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .isEqualTo("session after invalidate: none");
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            assertThat(raw.get(AspNetApplication.of(APP_ID).key(id)).join().isNotFound())
                    .isTrue();
        }
    }

    /**
     * A session moved to a new id (as at login) is stored there once: Spring Session saving it again when the
     * request ends must not write it over what was stored under the new id meanwhile (here by a filter, standing
     * for the client's next request).
     */
    @Test
    void aSessionMovedToANewIdIsStoredThereOnce() throws Exception {
        String id = newSession();

        String moved = http.send(get("/change-id", id), HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(moved).isNotEqualTo(id);
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            AspNetApplication application = AspNetApplication.of(APP_ID);
            assertThat(raw.get(application.key(id)).join().isNotFound()).isTrue();
            StateServerResponse stored = raw.get(application.key(moved)).join();
            assertThat(SessionStateData.read(stored.data()).items().get("count"))
                    .as("what was stored after the response, not the request's second save")
                    .isEqualTo(STORED_MEANWHILE);
        }
    }

    private String newSession() throws Exception {
        return AspNetSessionCookie.sessionId(http.send(get("/count", null), HttpResponse.BodyHandlers.ofString()));
    }

    private static int lockAndRelease(StateServerConnection raw, String key) {
        StateServerResponse locked = raw.getExclusive(key).join();
        assertThat(locked.isOk()).as(locked.toString()).isTrue();
        assertThat(raw.releaseExclusive(key, locked.lockCookie()).join().isOk()).isTrue();
        return locked.lockCookie();
    }

    @Test
    void aRequestThatOnlyAsksWhetherItsSessionIsValidGivesTheLockBack() throws Exception {
        String id = newSession();

        assertThat(http.send(get("/valid", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .isEqualTo("true");
        try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
            assertThat(raw.getExclusive(AspNetApplication.of(APP_ID).key(id))
                            .join()
                            .isOk())
                    .as("the session is not left locked")
                    .isTrue();
        }
    }

    private HttpRequest get(String path, String sessionId) {
        return AspNetSessionCookie.get(port, path, sessionId);
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class CounterApplication {

        @Bean
        CounterController counter() {
            return new CounterController();
        }

        @Bean
        CountingPages.Counter counting() {
            return new CountingPages.Counter();
        }

        /** Notes the second request's arrival before any session filter runs. */
        @Bean
        FilterRegistrationBean<Filter> arrivals() {
            FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
                if (request.getParameter("second") != null) {
                    SECOND_ARRIVED.set("arrived");
                }
                chain.doFilter(request, response);
            });
            registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
            return registration;
        }

        /**
         * Inside Spring Session's filter: once /change-id has answered (and Spring Session has stored the session
         * under its new id), stores {@link #STORED_MEANWHILE} there, before Spring Session's filter ends.
         */
        @Bean
        FilterRegistrationBean<Filter> storeUnderTheNewId() {
            FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
                chain.doFilter(request, response);
                String moved = ((HttpServletRequest) request).getSession(false).getId();
                SessionStateData data = SessionStateData.create(20);
                data.items().set("count", STORED_MEANWHILE);
                try (StateServerConnection raw = StateServerConnection.connect(ASPSTATE.address())) {
                    raw.set(AspNetApplication.of(APP_ID).key(moved), data.toBytes(false), 20, null)
                            .join();
                }
            });
            registration.addUrlPatterns("/change-id");
            registration.setOrder(SessionRepositoryFilter.DEFAULT_ORDER + 1);
            return registration;
        }

        @Bean
        FilterRegistrationBean<Filter> validityOnly() {
            return CountingPages.validityOnly();
        }
    }

    @RestController
    static class CounterController {

        @GetMapping("/increment")
        String increment(HttpSession session) {
            SECOND_ENTERED_NANOS.set(System.nanoTime());
            return String.valueOf(CountingPages.add(session));
        }

        @GetMapping("/count-then-not-found")
        void countThenNotFound(HttpSession session, HttpServletResponse response) throws IOException {
            CountingPages.counter(session);
            response.sendError(404);
        }

        @GetMapping("/include-then-invalidate")
        void includeThenInvalidate(HttpServletRequest request, HttpServletResponse response)
                throws IOException, ServletException {
            CountingPages.counter(request.getSession());
            request.getRequestDispatcher("/count").include(request, response);
            request.getSession().invalidate();
            String after = request.getSession(false) == null ? "none" : "some";
            response.getOutputStream().print(" session after invalidate: " + after);
        }

        @GetMapping("/invalidate-then-look")
        String invalidateThenLook(HttpServletRequest request) {
            CountingPages.counter(request.getSession());
            request.getSession().invalidate();
            return "session after invalidate: " + (request.getSession(false) == null ? "none" : "some");
        }

        /** Answers the new id, the response committed (so Spring Session saves the session) before it returns. */
        @GetMapping("/change-id")
        void changeId(HttpServletRequest request, HttpServletResponse response) throws IOException {
            CountingPages.add(request.getSession());
            response.getOutputStream().print(request.changeSessionId());
            response.flushBuffer();
        }

        @GetMapping("/slow-increment")
        String slowIncrement(HttpSession session) throws InterruptedException {
            int count = CountingPages.add(session);
            FIRST_ENTERED.countDown();
            FIRST_MAY_FINISH.await(10, TimeUnit.SECONDS);
            FIRST_LEFT_NANOS.set(System.nanoTime());
            return String.valueOf(count);
        }
    }
}
