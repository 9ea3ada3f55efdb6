package aspstate.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.LockSettings;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSessionStore;
import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import aspstate.sessionformat.SessionStateData;
import aspstate.stateserver.testing.AspNetSessionCookie;
import aspstate.stateserver.testing.LoopbackStateServer;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filter on a real servlet container (each subclass starts one), its sessions on a real aspstate listener: two
 * concurrent requests of one session both keep their update, because the second waits for the first's lock; the
 * session is ASP.NET's; the response reaches the client whole only once its session is stored and unlocked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SessionFilterOnAContainerTest {
    static final String APP_ID = "/LM/W3SVC/1/ROOT/shop";
    /** Made anew for each container, as each runs the tests again. */
    private static CountDownLatch firstEntered;

    private static CountDownLatch firstMayFinish;
    private static final AtomicLong FIRST_LEFT_NANOS = new AtomicLong();
    private static final AtomicLong SECOND_ENTERED_NANOS = new AtomicLong();
    private static final AtomicBoolean SECOND_ARRIVED = new AtomicBoolean();
    /** Pages whose response goes out whole before they end wait on this until the test has looked. */
    private static final AtomicReference<CountDownLatch> PAGE_MAY_END = new AtomicReference<>();

    LoopbackStateServer aspstate;
    private SessionStateClient client;
    private int port;
    final HttpClient http = HttpClient.newHttpClient();

    /**
     * Starts the container on a free loopback port with {@code filters}, in this order, before {@code servlet},
     * each for every path and taking asynchronous requests; returns the port.
     */
    abstract int startContainer(List<Filter> filters, HttpServlet servlet) throws Exception;

    abstract void stopContainer() throws Exception;

    @BeforeAll
    void start() throws Exception {
        firstEntered = new CountDownLatch(1);
        firstMayFinish = new CountDownLatch(1);
        SECOND_ARRIVED.set(false);
        aspstate = new LoopbackStateServer();
        client = SessionStateClient.builder()
                .server(aspstate.address())
                .application(AspNetApplication.of(APP_ID))
                .build();
        LockSettings quickPolls =
                new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10));
        SharedSessionStore store = new SharedSessionStore(client, quickPolls, 20, false);
        Filter arrivals = (request, response, chain) -> {
            if (request.getParameter("second") != null) {
                SECOND_ARRIVED.set(true);
            }
            chain.doFilter(request, response);
        };
        port = startContainer(
                List.of(arrivals, new AspStateSessionFilter(store, AspStateSessionFilter.DEFAULT_COOKIE)),
                new CounterServlet());
    }

    @AfterAll
    void stop() throws Exception {
        stopContainer();
        client.close();
        aspstate.close();
    }

    @Test
    void twoConcurrentRequestsOfOneSessionBothKeepTheirUpdate() throws Exception {
        String id = AspNetSessionCookie.sessionId(http.send(get("/count", null), HttpResponse.BodyHandlers.ofString()));

        CompletableFuture<HttpResponse<String>> holding =
                http.sendAsync(get("/slow-increment", id), HttpResponse.BodyHandlers.ofString());
        assertThat(firstEntered.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<HttpResponse<String>> waiting =
                http.sendAsync(get("/increment?second", id), HttpResponse.BodyHandlers.ofString());
        Await.until("the second request reached the server", SECOND_ARRIVED::get);
        firstMayFinish.countDown();

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
     * A body of known length written out, or a closed body, would let the container send the whole response while the page
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
     * A redirect, which a container may send at once while the page still runs (Jetty does; here the page then waits
     * until the test has looked; Tomcat sends it as the page ends), finds the session stored and unlocked.
     * Invalidated after the redirect, the session is still removed when the page ends.
     */
    @Test
    void aRedirectStoresAndUnlocksTheSessionFirstAndALaterInvalidateStillRemovesIt() throws Exception {
        String id = newSession();
        String key = AspNetApplication.of(APP_ID).key(id);
        try (StateServerConnection raw = StateServerConnection.connect(aspstate.address())) {
            assertThat(sendAndLook("/increment-then-redirect", id, raw, 2).statusCode())
                    .isEqualTo(302);

            CountDownLatch answered = new CountDownLatch(1);
            PAGE_MAY_END.set(answered);
            assertThat(http.send(
                                    get("/increment-then-redirect-then-invalidate", id),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(302);
            answered.countDown();
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

    /**
     * A page that goes asynchronous again in its asynchronous dispatch: the second cycle's end still stores and
     * unlocks the session (the container forgets the listeners of the first at the second start).
     */
    @Test
    void aPageAsynchronousTwiceStillStoresAndUnlocksItsSession() throws Exception {
        String id = newSession();

        assertThat(bodyWithin10s("/async-twice", id)).isEqualTo("2");
        assertThat(bodyWithin10s("/count", id)).as("stored, and unlocked").isEqualTo("2");
    }

    /**
     * A forward, and an asynchronous dispatch of the container's own request ({@code startAsync()} without
     * arguments), pass through the filter again (mapped on every dispatch): they see the session the request holds,
     * rather than locking it a second time and waiting for themselves.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/increment-then-forward", "/increment-then-dispatch"})
    void aDispatchThroughTheFilterAgainSeesTheSessionTheRequestHolds(String page) throws Exception {
        String id = newSession();

        assertThat(bodyWithin10s(page, id)).isEqualTo("2");
        assertThat(bodyWithin10s("/count", id)).as("stored, and unlocked").isEqualTo("2");
    }

    /** The page's body; the test fails if it takes over 10 s (a session left locked holds it for 110). */
    String bodyWithin10s(String page, String sessionId) throws Exception {
        return http.sendAsync(get(page, sessionId), HttpResponse.BodyHandlers.ofString())
                .get(10, TimeUnit.SECONDS)
                .body();
    }

    String newSession() throws Exception {
        return AspNetSessionCookie.sessionId(http.send(get("/increment", null), HttpResponse.BodyHandlers.ofString()));
    }

    HttpRequest get(String path, String sessionId) {
        return AspNetSessionCookie.get(port, path, sessionId);
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
                    firstEntered.countDown();
                    try {
                        firstMayFinish.await(10, TimeUnit.SECONDS);
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
                case "/async-twice" -> {
                    if (request.getDispatcherType() == DispatcherType.ASYNC) {
                        AsyncContext again = request.startAsync(request, response);
                        again.start(() -> {
                            try {
                                response.getWriter().print(counter(session));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            } finally {
                                again.complete();
                            }
                        });
                    } else {
                        add(session);
                        request.startAsync(request, response).dispatch();
                    }
                    return;
                }
                case "/increment-then-forward" -> {
                    add(session);
                    try {
                        request.getRequestDispatcher("/count").forward(request, response);
                    } catch (ServletException e) {
                        throw new IOException(e);
                    }
                    return;
                }
                case "/increment-then-dispatch" -> {
                    add(session);
                    request.startAsync().dispatch("/count");
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
                    waitForTheTest(Duration.ofSeconds(1));
                    return;
                }
                case "/increment-then-redirect-then-invalidate" -> {
                    add(session);
                    response.sendRedirect("/count");
                    session.invalidate();
                    waitForTheTest(Duration.ofSeconds(1));
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
