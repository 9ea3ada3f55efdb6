package aspstate.servlet;

import aspstate.client.AspNetApplication;
import aspstate.client.LockSettings;
import aspstate.client.SessionIds;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSession;
import aspstate.client.SharedSessionStore;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.time.Duration;

/**
 * Keeps {@link HttpServletRequest#getSession()} on aspstate, shared with an ASP.NET application, for Tomcat, Jetty or
 * any Jakarta Servlet 6 container. A request that uses its session locks it at first use (waiting while another
 * request holds it, as ASP.NET's session-state module does) and writes it back and unlocks it when the request ends:
 * two concurrent requests of one session run one after the other, and neither loses the other's update. A request
 * that throws gives its lock back without writing, as ASP.NET does on an error. As ASP.NET releases the session
 * before its buffered response goes out, the response does not reach the client whole before the session is
 * unlocked ({@link SessionCommittingResponse}), so the client's next request does not wait for the lock; a redirect
 * or an error, which the container sends at once, stores the session just before.
 *
 * <p>Configured in code ({@link #AspStateSessionFilter(SharedSessionStore, String)}) or by init parameters
 * (web.xml): {@code servers} (host:port, comma-separated, in failover order; default 127.0.0.1:42424),
 * {@code application-id} (the ASP.NET application's HttpRuntime.AppDomainAppId, e.g. /LM/W3SVC/1/ROOT/shop;
 * required), {@code cookie-name} (default ASP.NET_SessionId), {@code timeout-minutes} (default 20),
 * {@code compression-enabled} (default false), {@code network-timeout-seconds} (default 10),
 * {@code lock-poll-interval-ms} (default 500), {@code execution-timeout-seconds} (default 110).
 */
public final class AspStateSessionFilter implements Filter {
    public static final String DEFAULT_COOKIE = "ASP.NET_SessionId";
    /** The request attribute that holds the request's session, from its first pass through the filter to its end. */
    private static final String HELD = AspStateSessionFilter.class.getName() + ".held";

    private SharedSessionStore store;
    private String cookieName;
    private boolean ownsClient;

    /** For containers that create the filter from web.xml: configured by its init parameters. */
    public AspStateSessionFilter() {}

    /**
     * @param store      the sessions, on a client the caller owns and closes
     * @param cookieName the session cookie, {@link #DEFAULT_COOKIE} as ASP.NET's; only ids of ASP.NET's form are
     *                   taken from it, as ASP.NET takes them
     */
    public AspStateSessionFilter(SharedSessionStore store, String cookieName) {
        this.store = store;
        this.cookieName = cookieName;
    }

    @Override
    public void init(FilterConfig config) {
        if (store != null) {
            return;
        }
        String applicationId = config.getInitParameter("application-id");
        if (applicationId == null || applicationId.isBlank()) {
            throw new IllegalStateException("AspStateSessionFilter needs the init parameter application-id: the "
                    + "ASP.NET application's HttpRuntime.AppDomainAppId, e.g. /LM/W3SVC/1/ROOT/shop");
        }
        boolean compression = Boolean.parseBoolean(parameter(config, "compression-enabled", "false"));
        SessionStateClient client = SessionStateClient.builder()
                .servers(parameter(config, "servers", "127.0.0.1:42424"))
                .application(AspNetApplication.of(applicationId))
                .networkTimeout(Duration.ofSeconds(Long.parseLong(parameter(config, "network-timeout-seconds", "10"))))
                .compressionEnabled(compression)
                .build();
        LockSettings lock = new LockSettings(
                Duration.ofMillis(Long.parseLong(parameter(config, "lock-poll-interval-ms", "500"))),
                Duration.ofSeconds(Long.parseLong(parameter(config, "execution-timeout-seconds", "110"))),
                Duration.ofSeconds(Long.parseLong(parameter(config, "execution-timeout-seconds", "110"))));
        store = new SharedSessionStore(
                client, lock, Integer.parseInt(parameter(config, "timeout-minutes", "20")), compression);
        cookieName = parameter(config, "cookie-name", DEFAULT_COOKIE);
        ownsClient = true;
    }

    private static String parameter(FilterConfig config, String name, String defaultValue) {
        String value = config.getInitParameter(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse httpResponse)) {
            chain.doFilter(request, response);
            return;
        }
        if (http.getAttribute(HELD) instanceof SessionRequest earlier) {
            // A forward, include or asynchronous dispatch of a request whose session this filter holds already: the
            // same session, not a second lock of it, which would wait for this request's own.
            chain.doFilter(earlier.seenFrom(http), response);
            return;
        }
        SessionRequest wrapped = new SessionRequest(http, httpResponse);
        http.setAttribute(HELD, wrapped);
        SessionCommittingResponse held =
                new SessionCommittingResponse(wrapped, httpResponse, wrapped::commitBeforeResponse);
        boolean failed = true;
        try {
            chain.doFilter(wrapped, held);
            failed = false;
        } finally {
            finishAndSend(wrapped, held, failed);
        }
    }

    /**
     * Commits the request's session, then lets the response go; an asynchronous request's session is committed when
     * it completes. A session that cannot be stored fails the request, whose response then never goes out whole.
     */
    private static void finishAndSend(SessionRequest wrapped, SessionCommittingResponse held, boolean failed)
            throws IOException {
        if (wrapped.isAsyncStarted()) {
            boolean failedSoFar = failed;
            wrapped.getAsyncContext().addListener(new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                    wrapped.finish(failedSoFar);
                }

                @Override
                public void onTimeout(AsyncEvent event) {
                    wrapped.finish(true);
                }

                @Override
                public void onError(AsyncEvent event) {
                    wrapped.finish(true);
                }

                @Override
                public void onStartAsync(AsyncEvent event) {
                    // The page went asynchronous again: the container drops the listeners of the cycle that ended.
                    event.getAsyncContext().addListener(this);
                }
            });
        } else {
            wrapped.finish(failed);
        }
        held.complete();
    }

    @Override
    public void destroy() {
        if (ownsClient) {
            store.client().close();
        }
    }

    /** The request's view of its session: read and locked at first use, committed by {@link #finish}. */
    private final class SessionRequest extends HttpServletRequestWrapper {
        private final HttpServletResponse response;
        private AspStateHttpSession session;
        /** The session stored before a redirect or an error, and whether it was invalid then. */
        private AspStateHttpSession committedEarly;

        private boolean invalidWhenCommitted;
        private boolean looked;
        private String requestedId;

        SessionRequest(HttpServletRequest request, HttpServletResponse response) {
            super(request);
            this.response = response;
        }

        @Override
        public HttpSession getSession() {
            return getSession(true);
        }

        @Override
        public HttpSession getSession(boolean create) {
            if (session != null && !session.isInvalid()) {
                return session;
            }
            if (!looked) {
                looked = true;
                requestedId = cookie();
                if (requestedId != null && SessionIds.isValid(requestedId)) {
                    store.open(requestedId, classLoader()).join().ifPresent(opened -> session = wrap(opened));
                }
                if (session != null) {
                    return session;
                }
            }
            if (!create) {
                return null;
            }
            if (response.isCommitted()) {
                throw new IllegalStateException("the response is committed: a new session's cookie cannot be sent");
            }
            SharedSession created = SessionStateClient.await(store.createStored(classLoader()));
            response.addHeader("Set-Cookie", cookieName + "=" + created.id() + "; Path=/; HttpOnly; SameSite=Lax");
            if (session != null) {
                end(session, false); // the invalidated one goes before its successor
            }
            session = wrap(created);
            return session;
        }

        @Override
        public String getRequestedSessionId() {
            return cookie();
        }

        @Override
        public boolean isRequestedSessionIdValid() {
            HttpSession current = getSession(false);
            return current != null && current.getId().equals(requestedId);
        }

        @Override
        public boolean isRequestedSessionIdFromCookie() {
            return cookie() != null;
        }

        @Override
        public boolean isRequestedSessionIdFromURL() {
            return false;
        }

        /**
         * Moves the session to a new id (against session fixation, at login): stored under it and the old one
         * removed when the request ends.
         */
        @Override
        public String changeSessionId() {
            HttpSession current = getSession(false);
            if (current == null) {
                throw new IllegalStateException("the request has no session whose id could change");
            }
            SharedSession moved = store.copyTo(session.shared(), SessionIds.create());
            session.shared().abandon();
            finishOne(session, false);
            response.addHeader("Set-Cookie", cookieName + "=" + moved.id() + "; Path=/; HttpOnly; SameSite=Lax");
            session = wrap(moved);
            return moved.id();
        }

        private AspStateHttpSession wrap(SharedSession shared) {
            return new AspStateHttpSession(shared, getServletContext());
        }

        private String cookie() {
            Cookie[] cookies = getCookies();
            if (cookies != null) {
                for (Cookie cookie : cookies) {
                    if (cookie.getName().equals(cookieName)) {
                        return cookie.getValue();
                    }
                }
            }
            return null;
        }

        /**
         * Stores and unlocks the session before a redirect or an error sends the response: the request's later
         * changes to it are not stored, except that invalidating it still removes it when the request ends.
         */
        synchronized void commitBeforeResponse() {
            if (session != null && session != committedEarly) {
                finishOne(session, false);
                committedEarly = session;
                invalidWhenCommitted = session.isInvalid();
            }
        }

        synchronized void finish(boolean failed) {
            removeAttribute(HELD);
            if (session != null) {
                end(session, failed);
                session = null;
            }
        }

        /**
         * This request's session as a later dispatch of it sees it: {@code dispatched} itself when it is this wrapper
         * or wraps it (a forward of the request the page was given), else {@code dispatched} with this session (an
         * asynchronous dispatch of the container's own request).
         */
        HttpServletRequest seenFrom(HttpServletRequest dispatched) {
            if (dispatched == this
                    || (dispatched instanceof ServletRequestWrapper wrapper && wrapper.isWrapperFor(this))) {
                return dispatched;
            }
            return new LaterDispatch(dispatched, this);
        }

        /** Ends the request's work on {@code done}: committed, or removed if invalidated after it was stored early. */
        private void end(AspStateHttpSession done, boolean failed) {
            if (done == committedEarly && done.isInvalid() && !invalidWhenCommitted) {
                SessionStateClient.await(store.delete(done.getId()));
            } else {
                finishOne(done, failed);
            }
        }

        private void finishOne(AspStateHttpSession done, boolean failed) {
            SessionStateClient.await(
                    failed && !done.isInvalid() ? store.release(done.shared()) : store.commit(done.shared()));
        }
    }

    /** A later dispatch of a request whose session is held by the wrapper of its first pass: that session. */
    private static final class LaterDispatch extends HttpServletRequestWrapper {
        private final SessionRequest first;

        LaterDispatch(HttpServletRequest dispatched, SessionRequest first) {
            super(dispatched);
            this.first = first;
        }

        @Override
        public HttpSession getSession() {
            return first.getSession();
        }

        @Override
        public HttpSession getSession(boolean create) {
            return first.getSession(create);
        }

        @Override
        public String getRequestedSessionId() {
            return first.getRequestedSessionId();
        }

        @Override
        public boolean isRequestedSessionIdValid() {
            return first.isRequestedSessionIdValid();
        }

        @Override
        public boolean isRequestedSessionIdFromCookie() {
            return first.isRequestedSessionIdFromCookie();
        }

        @Override
        public boolean isRequestedSessionIdFromURL() {
            return first.isRequestedSessionIdFromURL();
        }

        @Override
        public String changeSessionId() {
            return first.changeSessionId();
        }
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : AspStateSessionFilter.class.getClassLoader();
    }
}
