package aspstate.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.LockSettings;
import aspstate.client.SessionIds;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSessionStore;
import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import aspstate.sessionformat.SessionStateData;
import aspstate.stateserver.testing.LoopbackStateServer;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The filter on a real embedded Jetty, its sessions on a real aspstate listener: two concurrent requests of one
 * session both keep their update, because the second waits for the first's lock; the session is ASP.NET's.
 */
class JettyConcurrentRequestsTest {
    private static final String APP_ID = "/LM/W3SVC/1/ROOT/shop";
    private static final CountDownLatch FIRST_ENTERED = new CountDownLatch(1);
    private static final CountDownLatch FIRST_MAY_FINISH = new CountDownLatch(1);
    private static final AtomicLong FIRST_LEFT_NANOS = new AtomicLong();
    private static final AtomicLong SECOND_ENTERED_NANOS = new AtomicLong();
    private static final AtomicBoolean SECOND_ARRIVED = new AtomicBoolean();
    /** Pages whose response goes out whole before they end wait on this until the test has looked. */
    private static final AtomicReference<CountDownLatch> PAGE_MAY_END = new AtomicReference<>();

    private static LoopbackStateServer aspstate;
    private static SessionStateClient client;
    private static Server jetty;
    private static int port;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        aspstate = new LoopbackStateServer();
        client = SessionStateClient.builder()
                .server(aspstate.address())
                .application(AspNetApplication.of(APP_ID))
                .build();
        LockSettings quickPolls =
                new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10));
        SharedSessionStore store = new SharedSessionStore(client, quickPolls, 20, false);

        jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        FilterHolder arrivals = new FilterHolder((jakarta.servlet.Filter) (request, response, chain) -> {
            if (request.getParameter("second") != null) {
                SECOND_ARRIVED.set(true);
            }
            chain.doFilter(request, response);
        });
        FilterHolder sessions =
                new FilterHolder(new AspStateSessionFilter(store, AspStateSessionFilter.DEFAULT_COOKIE));
        ServletHolder counter = new ServletHolder(new CounterServlet());
        for (var holder : List.of(arrivals, sessions, counter)) {
            holder.setAsyncSupported(true);
        }
        context.addFilter(arrivals, "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addFilter(sessions, "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(counter, "/*");
        jetty.setHandler(context);
        jetty.start();
        port = connector.getLocalPort();
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.stop();
        client.close();
        aspstate.close();
    }

    @Test
    void twoConcurrentRequestsOfOneSessionBothKeepTheirUpdate() throws Exception {
        HttpResponse<String> first = http.send(get("/count", null), HttpResponse.BodyHandlers.ofString());
        String cookie = first.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith("ASP.NET_SessionId=").contains("Path=/").contains("HttpOnly");
        String id = cookie.substring("ASP.NET_SessionId=".length(), cookie.indexOf(';'));
        assertThat(SessionIds.isValid(id)).as(id).isTrue();

        CompletableFuture<HttpResponse<String>> holding =
                http.sendAsync(get("/slow-increment", id), HttpResponse.BodyHandlers.ofString());
        assertThat(FIRST_ENTERED.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<HttpResponse<String>> waiting =
                http.sendAsync(get("/increment?second", id), HttpResponse.BodyHandlers.ofString());
        Await.until("the second request reached the server", SECOND_ARRIVED::get);
        FIRST_MAY_FINISH.countDown();

        assertThat(holding.get(10, TimeUnit.SECONDS).body()).isEqualTo("1");
        assertThat(waiting.get(10, TimeUnit.SECONDS).body()).isEqualTo("2");
        assertThat(SECOND_ENTERED_NANOS.get())
                .as("the second ran only once the first had finished")
                .isGreaterThan(FIRST_LEFT_NANOS.get());

        try (StateServerConnection raw = StateServerConnection.connect(aspstate.address())) {
            SessionStateData stored = SessionStateData.read(
                    raw.get(AspNetApplication.of(APP_ID).key(id)).join().data());
            assertThat(stored.items().get("count")).isEqualTo(2);
        }
    }

    @Test
    void aRequestThatFailsGivesItsLockBackWithoutWriting() throws Exception {
        String id = newSession();

        assertThat(http.send(get("/fail", id), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(500);
        assertThat(http.send(get("/count", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .as("the failed request's change is not stored, and its lock is not left held")
                .isEqualTo("1");
    }

    /**
     * A body of known length written out, or a closed body, would let Jetty send the whole response while the page
     * still runs. The page then changes the session again and waits a second for the test, which looks only once
     * it has the answer: the answer comes after the page has ended, its session stored (both changes) and unlocked.
     */
    @Test
    void aResponseReachesTheClientWholeOnlyOnceItsSessionIsStoredAndUnlocked() throws Exception {
        String id = newSession();
        try (StateServerConnection raw = StateServerConnection.connect(aspstate.address())) {
            int expected = 1;
            for (String page : List.of("/increment-sized-then-again", "/increment-closed-then-again")) {
                expected += 2;
                HttpResponse<String> answer = sendAndLook(page, id, raw, expected);
                assertThat(answer.body()).as(page).isEqualTo(String.valueOf(expected - 1));
            }
        }
    }

    /**
     * A redirect is sent by Jetty at once, while the page still runs (here until the test has looked): the session is
     * stored and unlocked just before. Invalidated after the redirect, it is still removed when the page ends.
     */
    @Test
    void aRedirectStoresAndUnlocksTheSessionFirstAndALaterInvalidateStillRemovesIt() throws Exception {
        String id = newSession();
        String key = AspNetApplication.of(APP_ID).key(id);
        try (StateServerConnection raw = StateServerConnection.connect(aspstate.address())) {
            int expected = 1;
            for (String page : List.of("/increment-then-redirect", "/increment-then-redirect-then-invalidate")) {
                expected++;
                assertThat(sendAndLook(page, id, raw, expected).statusCode())
                        .as(page)
                        .isEqualTo(302);
            }
            Await.until(
                    "the session invalidated after its redirect is removed",
                    () -> raw.get(key).join().isNotFound());
        }
    }

    /**
     * Asks for {@code page}, and as soon as the answer is in, finds the session unlocked with {@code count} stored;
     * then lets the page end if it still waits.
     */
    private HttpResponse<String> sendAndLook(String page, String id, StateServerConnection raw, int count)
            throws Exception {
        CountDownLatch looked = new CountDownLatch(1);
        PAGE_MAY_END.set(looked);
        HttpResponse<String> answer = http.send(get(page, id), HttpResponse.BodyHandlers.ofString());
        StateServerResponse stored =
                raw.get(AspNetApplication.of(APP_ID).key(id)).join();
        looked.countDown();
        assertThat(stored.isOk()).as(page + ": " + stored).isTrue();
        assertThat(SessionStateData.read(stored.data()).items().get("count"))
                .as(page)
                .isEqualTo(count);
        return answer;
    }

    /**
     * A page that goes asynchronous and writes its body of known length in the asynchronous dispatch, through the
     * filter's response: nothing of it is held back, as nothing would write it.
     */
    @Test
    void aBodyWrittenInAnAsynchronousDispatchGoesOutWhole() throws Exception {
        String id = newSession();

        assertThat(http.send(get("/async-sized", id), HttpResponse.BodyHandlers.ofString())
                        .body())
                .isEqualTo("written asynchronously");
    }

    private String newSession() throws Exception {
        HttpResponse<String> created = http.send(get("/increment", null), HttpResponse.BodyHandlers.ofString());
        String cookie = created.headers().firstValue("Set-Cookie").orElseThrow();
        return cookie.substring("ASP.NET_SessionId=".length(), cookie.indexOf(';'));
    }

    private HttpRequest get(String path, String sessionId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (sessionId != null) {
            request.header("Cookie", "ASP.NET_SessionId=" + sessionId);
        }
        return request.timeout(Duration.ofSeconds(10)).build();
    }

    static final class CounterServlet extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            HttpSession session = request.getSession();
            int count;
            switch (request.getRequestURI()) {
                case "/increment" -> {
                    SECOND_ENTERED_NANOS.set(System.nanoTime());
                    count = add(session);
                }
                case "/slow-increment" -> {
                    count = add(session);
                    FIRST_ENTERED.countDown();
                    try {
                        FIRST_MAY_FINISH.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    FIRST_LEFT_NANOS.set(System.nanoTime());
                }
                case "/async-sized" -> {
                    if (request.getDispatcherType() == DispatcherType.ASYNC) {
                        byte[] body = "written asynchronously".getBytes(StandardCharsets.US_ASCII);
                        response.setContentLength(body.length);
                        response.getOutputStream().write(body);
                    } else {
                        add(session);
                        request.startAsync(request, response).dispatch();
                    }
                    return;
                }
                case "/increment-sized-then-again" -> {
                    byte[] body = String.valueOf(add(session)).getBytes(StandardCharsets.US_ASCII);
                    response.setContentLength(body.length);
                    response.getOutputStream().write(body);
                    add(session);
                    waitForTheTest(Duration.ofSeconds(1));
                    return;
                }
                case "/increment-closed-then-again" -> {
                    response.getWriter().print(add(session));
                    response.getWriter().close();
                    add(session);
                    waitForTheTest(Duration.ofSeconds(1));
                    return;
                }
                case "/increment-then-redirect" -> {
                    add(session);
                    response.sendRedirect("/count");
                    waitForTheTest(Duration.ofSeconds(10));
                    return;
                }
                case "/increment-then-redirect-then-invalidate" -> {
                    add(session);
                    response.sendRedirect("/count");
                    session.invalidate();
                    waitForTheTest(Duration.ofSeconds(10));
                    return;
                }
                case "/fail" -> {
                    add(session);
                    throw new IllegalStateException("the page failed");
                }
                default -> count = counter(session);
            }
            response.getWriter().print(count);
        }

        /** Waits until the test has looked, or {@code atMost} (when the test can look only once the page ended). */
        private static void waitForTheTest(Duration atMost) {
            try {
                PAGE_MAY_END.get().await(atMost.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static int counter(HttpSession session) {
            Integer count = (Integer) session.getAttribute("count");
            return count == null ? 0 : count;
        }

        private static int add(HttpSession session) {
            int count = counter(session) + 1;
            session.setAttribute("count", count);
            return count;
        }
    }
}
