package aspstate.client;

import aspstate.sessionformat.SessionStateData;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A client of the ASP.NET State Service protocol (aspstate, or Microsoft's aspnet_state), offering the operations of
 * ASP.NET's session-state provider (SessionStateStoreProviderBase) on one application's sessions: GetItem,
 * GetItemExclusive, ReleaseItemExclusive, SetAndReleaseItemExclusive, RemoveItem, ResetItemTimeout and
 * CreateUninitializedItem, each asynchronous ({@code ...Async}, a {@link CompletableFuture}) and blocking. The lock
 * protocol that the session-state module runs on top of them (poll a locked session, force-release a stuck lock) is
 * {@link #acquireExclusiveAsync}.
 *
 * <pre>{@code
 * try (SessionStateClient client = SessionStateClient.builder()
 *         .server("10.0.1.5", 42424)
 *         .server("10.0.1.6", 42424)
 *         .application(AspNetApplication.of("/LM/W3SVC/1/ROOT/shop"))
 *         .build()) {
 *     GetResult item = client.getItem(sessionId);
 * }
 * }</pre>
 *
 * <p><b>Connections</b> are pooled per server, one request at a time each, as ASP.NET's client does. <b>Several
 * servers</b> (the nodes of an aspstate cluster, or a standby) are used in the order given: the first one that is up
 * serves every request; a server that cannot be reached, loses a connection with a request in flight or does not
 * answer in time is passed over for {@link Builder#retryDownServerAfter} and then tried again. A request that could
 * not be sent to one server is sent to the next; a request in flight when its connection fails is not repeated (it
 * may have taken effect) and fails with {@link SessionStateUnavailableException}. <b>Errors</b> are the unchecked
 * {@link SessionStateException}s; blocking calls throw them directly. Thread-safe; close it to release its
 * connections and threads.
 */
public final class SessionStateClient implements AutoCloseable {
    /**
     * How many more connections to one server a request takes when it finds the one it got closed before its request
     * could be written (a server's restart or idle timeout closes every idle one at once), before the server counts
     * as down and the request goes to the next.
     */
    private static final int RESENDS_PER_SERVER = 2;

    private final List<ServerPool> servers;
    private final Function<String, String> keys;
    private final Duration networkTimeout;
    private final Duration retryDownServerAfter;
    private final boolean compressionEnabled;
    private final EventLoopGroup ownedGroup;
    private final ExecutorService connecting;

    private SessionStateClient(Builder builder) {
        this.keys = builder.application == null ? Function.identity() : builder.application::key;
        this.networkTimeout = builder.networkTimeout;
        this.retryDownServerAfter = builder.retryDownServerAfter;
        this.compressionEnabled = builder.compressionEnabled;
        this.ownedGroup = builder.connector == null ? Connector.newNioGroup(builder.ioThreads) : null;
        Connector connector = builder.connector == null ? Connector.nio(ownedGroup) : builder.connector;
        this.connecting = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "aspstate-client-connect");
            thread.setDaemon(true);
            return thread;
        });
        List<ServerPool> pools = new ArrayList<>();
        for (InetSocketAddress address : builder.servers) {
            pools.add(new ServerPool(
                    address,
                    connector,
                    builder.connectTimeout,
                    builder.idleTimeout,
                    builder.maxConnectionsPerServer,
                    builder.maxResponseBytes,
                    connecting));
        }
        this.servers = List.copyOf(pools);
    }

    public static Builder builder() {
        return new Builder();
    }

    // ---- the provider operations, asynchronous

    /** GetItem: the session's data without locking it (ASP.NET's read-only pages). */
    public CompletableFuture<GetResult> getItemAsync(String sessionId) {
        return request(sessionId, (connection, key) -> connection.get(key)).thenApply(this::getResult);
    }

    /**
     * GetItemExclusive: the session's data, locking it when it is found and not locked already; the result's lock
     * cookie then unlocks it (SetAndReleaseItemExclusive, ReleaseItemExclusive, RemoveItem).
     */
    public CompletableFuture<GetResult> getItemExclusiveAsync(String sessionId) {
        return request(sessionId, (connection, key) -> connection.getExclusive(key))
                .thenApply(this::getResult);
    }

    /** ReleaseItemExclusive: unlocks the session if {@code lockCookie} still holds its lock. */
    public CompletableFuture<Outcome> releaseItemExclusiveAsync(String sessionId, int lockCookie) {
        return request(sessionId, (connection, key) -> connection.releaseExclusive(key, lockCookie))
                .thenApply(SessionStateClient::outcome);
    }

    /**
     * SetAndReleaseItemExclusive: stores the session's data and timeout and releases the lock {@code lockCookie}
     * holds. For a new session, which no lock holds, pass 0: it is created, or replaced if unlocked.
     *
     * @param data the serialized session (ASP.NET's format, see {@link SessionStateData}); at least one byte
     */
    public CompletableFuture<Outcome> setAndReleaseItemExclusiveAsync(
            String sessionId, byte[] data, int timeoutMinutes, int lockCookie) {
        requireData(data);
        return request(sessionId, (connection, key) -> connection.set(key, data, timeoutMinutes, lockCookie))
                .thenApply(SessionStateClient::outcome);
    }

    /**
     * CreateUninitializedItem: stores an empty session flagged uninitialized, unless one exists; its first read
     * then says {@link GetResult#initializeItem()}. ASP.NET does this for a new session before locking it.
     */
    public CompletableFuture<Outcome> createUninitializedItemAsync(String sessionId, int timeoutMinutes) {
        byte[] empty = SessionStateData.create(timeoutMinutes).toBytes(compressionEnabled);
        return request(sessionId, (connection, key) -> connection.set(key, empty, timeoutMinutes, 0, true))
                .thenApply(SessionStateClient::outcome);
    }

    /** RemoveItem: deletes the session (Session.Abandon); a locked session only with its lock cookie. */
    public CompletableFuture<Outcome> removeItemAsync(String sessionId, int lockCookie) {
        return request(sessionId, (connection, key) -> connection.remove(key, lockCookie))
                .thenApply(SessionStateClient::outcome);
    }

    /** ResetItemTimeout: pushes the session's expiry out again without reading it. */
    public CompletableFuture<Outcome> resetItemTimeoutAsync(String sessionId) {
        return request(sessionId, (connection, key) -> connection.resetTimeout(key))
                .thenApply(SessionStateClient::outcome);
    }

    /**
     * The lock protocol of ASP.NET's session-state module: GetItemExclusive; while another request holds the lock,
     * poll every {@link LockSettings#pollInterval()}, and release a lock older than
     * {@link LockSettings#executionTimeout()} (its request is taken to have died); give up after
     * {@link LockSettings#maxWait()} with a {@link SessionLockTimeoutException}.
     *
     * @return the locked session, or empty when it does not exist
     */
    public CompletableFuture<Optional<LockedItem>> acquireExclusiveAsync(String sessionId, LockSettings settings) {
        return new LockAcquisition(this, sessionId, settings, 0).start();
    }

    /**
     * {@link #acquireExclusiveAsync}, creating a missing session as ASP.NET creates a new session's item: an
     * uninitialized item with this timeout (CreateUninitializedItem), then locked; the result then says
     * {@link LockedItem#initializeItem()}. A session removed again in between is reported empty.
     */
    public CompletableFuture<Optional<LockedItem>> acquireOrCreateExclusiveAsync(
            String sessionId, LockSettings settings, int timeoutMinutes) {
        return new LockAcquisition(this, sessionId, settings, timeoutMinutes).start();
    }

    // ---- the same, blocking

    /** {@link #getItemAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public GetResult getItem(String sessionId) {
        return await(getItemAsync(sessionId));
    }

    /** {@link #getItemExclusiveAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public GetResult getItemExclusive(String sessionId) {
        return await(getItemExclusiveAsync(sessionId));
    }

    /** {@link #releaseItemExclusiveAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Outcome releaseItemExclusive(String sessionId, int lockCookie) {
        return await(releaseItemExclusiveAsync(sessionId, lockCookie));
    }

    /** {@link #setAndReleaseItemExclusiveAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Outcome setAndReleaseItemExclusive(String sessionId, byte[] data, int timeoutMinutes, int lockCookie) {
        return await(setAndReleaseItemExclusiveAsync(sessionId, data, timeoutMinutes, lockCookie));
    }

    /** {@link #createUninitializedItemAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Outcome createUninitializedItem(String sessionId, int timeoutMinutes) {
        return await(createUninitializedItemAsync(sessionId, timeoutMinutes));
    }

    /** {@link #removeItemAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Outcome removeItem(String sessionId, int lockCookie) {
        return await(removeItemAsync(sessionId, lockCookie));
    }

    /** {@link #resetItemTimeoutAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Outcome resetItemTimeout(String sessionId) {
        return await(resetItemTimeoutAsync(sessionId));
    }

    /** {@link #acquireExclusiveAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Optional<LockedItem> acquireExclusive(String sessionId, LockSettings settings) {
        return await(acquireExclusiveAsync(sessionId, settings));
    }

    /** {@link #acquireOrCreateExclusiveAsync}, waiting for its answer; its SessionStateException is thrown as it is. */
    public Optional<LockedItem> acquireOrCreateExclusive(String sessionId, LockSettings settings, int timeoutMinutes) {
        return await(acquireOrCreateExclusiveAsync(sessionId, settings, timeoutMinutes));
    }

    /** Whether new sessions (CreateUninitializedItem) are written deflate-compressed. */
    public boolean compressionEnabled() {
        return compressionEnabled;
    }

    /**
     * Waits for an asynchronous call of this client and returns its result, throwing its
     * {@link SessionStateException} (or IllegalArgumentException) as it is.
     */
    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // The caller gives up: a lock being waited for is then not taken, or released once taken.
            future.cancel(false);
            throw new SessionStateException("interrupted while waiting for the session-state server", e);
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        }
    }

    static RuntimeException unwrap(Throwable error) {
        Throwable cause = cause(error);
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new SessionStateException(String.valueOf(cause.getMessage()), cause);
    }

    /**
     * The failure without the CompletionException wrappers a future adds. The client depends on nothing of the
     * server's modules, so it keeps this rule of its own (the server's is {@code aspstate.core.Failures}).
     */
    private static Throwable cause(Throwable error) {
        Throwable cause = error;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    // ---- requests, servers and timeouts

    private interface Call {
        CompletableFuture<StateServerResponse> send(StateServerConnection connection, String key);
    }

    private CompletableFuture<StateServerResponse> request(String sessionId, Call call) {
        SessionIds.checkLength(sessionId);
        String key = keys.apply(sessionId);
        CompletableFuture<StateServerResponse> answer = new CompletableFuture<>();
        tryServers(serversInTurn(), 0, new ArrayList<>(), key, call, answer, 0);
        return answer;
    }

    /** The servers that are up in the order given, then those counting as down, the soonest back first. */
    private List<ServerPool> serversInTurn() {
        long now = System.nanoTime();
        List<ServerPool> up = new ArrayList<>(servers.size());
        List<ServerPool> down = new ArrayList<>();
        for (ServerPool server : servers) {
            (server.isDown(now) ? down : up).add(server);
        }
        down.sort(Comparator.comparingLong(server -> server.downUntilNanos() - now));
        up.addAll(down);
        return up;
    }

    /**
     * Sends to server {@code index}; a server that cannot be reached passes the request, unsent, to the next.
     * {@code unsent}: how many connections to this server were found closed before the request could be written.
     */
    private void tryServers(
            List<ServerPool> inTurn,
            int index,
            List<String> failures,
            String key,
            Call call,
            CompletableFuture<StateServerResponse> answer,
            int unsent) {
        if (index == inTurn.size()) {
            answer.completeExceptionally(new SessionStateUnavailableException(
                    "no session-state server could be reached: " + String.join("; ", failures), null));
            return;
        }
        ServerPool server = inTurn.get(index);
        server.acquire().whenComplete((connection, error) -> {
            if (error != null) {
                String reason = server.address() + ": " + describe(cause(error));
                server.markDown(retryDownServerAfter, reason);
                failures.add(reason);
                tryServers(inTurn, index + 1, failures, key, call, answer, 0);
                return;
            }
            send(server, connection, key, call, answer, () -> {
                if (unsent < RESENDS_PER_SERVER) {
                    // The server may only have closed an idle connection (its idle timeout, a restart): another one.
                    tryServers(inTurn, index, failures, key, call, answer, unsent + 1);
                    return;
                }
                String reason = server.address() + ": closed " + (unsent + 1)
                        + " connection(s) before the request could be written";
                server.markDown(retryDownServerAfter, reason);
                failures.add(reason);
                tryServers(inTurn, index + 1, failures, key, call, answer, 0);
            });
        });
    }

    /** Sends on {@code connection}; runs {@code resend} instead of failing when the request was never written. */
    private void send(
            ServerPool server,
            StateServerConnection connection,
            String key,
            Call call,
            CompletableFuture<StateServerResponse> answer,
            Runnable resend) {
        CompletableFuture<StateServerResponse> response;
        try {
            response = call.send(connection, key);
        } catch (RuntimeException e) {
            server.release(connection);
            answer.completeExceptionally(e);
            return;
        }
        ScheduledFuture<?> timer = connection
                .eventLoop()
                .schedule(
                        () -> {
                            if (answer.completeExceptionally(new SessionStateTimeoutException("no answer from "
                                    + server.address() + " within " + networkTimeout.toMillis()
                                    + " ms; the connection is closed "
                                    + "and whether the request took effect is unknown"))) {
                                server.markDown(retryDownServerAfter, "no answer within the network timeout");
                                connection.closeNow();
                            }
                        },
                        networkTimeout.toNanos(),
                        TimeUnit.NANOSECONDS);
        response.whenComplete((result, error) -> {
            timer.cancel(false);
            if (error == null) {
                server.markUp();
                server.release(connection);
                answer.complete(result);
                return;
            }
            connection.closeNow();
            if (cause(error) instanceof UnsentRequestException) {
                if (!answer.isDone()) {
                    resend.run();
                }
                return;
            }
            server.markDown(retryDownServerAfter, describe(error));
            answer.completeExceptionally(new SessionStateUnavailableException(
                    "the connection to "
                            + server.address() + " failed with the request in flight (" + describe(error)
                            + "); whether it took effect is unknown",
                    error));
        });
    }

    private static String describe(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null
                && (cause.getMessage() == null
                        || cause instanceof IOException && cause.getCause() instanceof IOException)) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null
                ? cause.getMessage()
                : cause.getClass().getSimpleName();
    }

    // ---- answers

    /** As OutOfProcSessionStateStore.DoGet reads them. */
    private GetResult getResult(StateServerResponse response) {
        requireNewEnoughServer(response);
        switch (response.status()) {
            case 200:
                if (response.data().length == 0) {
                    throw new SessionStateProtocolException("a 200 answer to a Get without session data");
                }
                return new GetResult(
                        GetResult.Status.FOUND,
                        response.data(),
                        orZero(response.timeoutMinutes()),
                        orZero(response.lockCookie()),
                        Duration.ZERO,
                        response.actionFlags());
            case 423:
                return new GetResult(
                        GetResult.Status.LOCKED,
                        new byte[0],
                        0,
                        orZero(response.lockCookie()),
                        lockAge(response),
                        false);
            case 404:
                return new GetResult(GetResult.Status.NOT_FOUND, new byte[0], 0, 0, Duration.ZERO, false);
            default:
                throw unexpected(response);
        }
    }

    private static Outcome outcome(StateServerResponse response) {
        requireNewEnoughServer(response);
        return switch (response.status()) {
            case 200 -> Outcome.DONE;
            case 404 -> Outcome.NOT_FOUND;
            case 423 -> Outcome.LOCKED;
            default -> throw unexpected(response);
        };
    }

    /** LockAge in seconds; a server without it gives LockDate, local ticks, as ASP.NET's client falls back to. */
    private static Duration lockAge(StateServerResponse response) {
        if (response.lockAgeSeconds() != null) {
            long seconds = response.lockAgeSeconds();
            return seconds < 365L * 24 * 3600 ? Duration.ofSeconds(seconds) : Duration.ZERO;
        }
        if (response.lockDate() != null) {
            Duration age = Duration.between(response.lockDate(), java.time.LocalDateTime.now());
            return age.isNegative() ? Duration.ZERO : age;
        }
        return Duration.ZERO;
    }

    /** ASP.NET's client refuses servers older than version 2, whose protocol differs. */
    private static void requireNewEnoughServer(StateServerResponse response) {
        String version = response.aspNetVersion();
        if (version != null
                && !version.isEmpty()
                && Character.isDigit(version.charAt(0))
                && version.charAt(0) < '2'
                && (version.length() == 1 || version.charAt(1) == '.')) {
            throw new SessionStateProtocolException(
                    "the server speaks the protocol of ASP.NET " + version + "; version 2 or later is needed");
        }
    }

    private static SessionStateProtocolException unexpected(StateServerResponse response) {
        if (response.isBadRequest()) {
            return new SessionStateProtocolException("the server refused the request as malformed (400 Bad "
                    + "Request): a value outside what it accepts, such as a timeout over 525600 minutes");
        }
        return new SessionStateProtocolException("unexpected answer " + response.status());
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static void requireData(byte[] data) {
        if (data == null || data.length == 0) {
            throw new IllegalArgumentException("session data needs at least one byte (the protocol refuses an empty "
                    + "Set); an empty ASP.NET session is SessionStateData.create(timeout).toBytes(false)");
        }
    }

    /** Closes every connection and thread of the client; requests still in flight fail. */
    @Override
    public void close() {
        servers.forEach(ServerPool::close);
        connecting.shutdownNow();
        if (ownedGroup != null) {
            ownedGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** How a {@link SessionStateClient} connects, waits and fails over. */
    public static final class Builder {
        private final List<InetSocketAddress> servers = new ArrayList<>();
        private AspNetApplication application;
        private Duration networkTimeout = Duration.ofSeconds(10);
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration idleTimeout = Duration.ofSeconds(20);
        private Duration retryDownServerAfter = Duration.ofSeconds(5);
        private int maxConnectionsPerServer = 64;
        private long maxResponseBytes = StateResponseDecoder.DEFAULT_MAX_BODY_BYTES;
        private int ioThreads = 1;
        private boolean compressionEnabled;
        private Connector connector;

        private Builder() {}

        /** A server, in failover order (the first one that is up serves). At least one is needed. */
        public Builder server(String host, int port) {
            return server(new InetSocketAddress(host, port));
        }

        public Builder server(InetSocketAddress address) {
            servers.add(address);
            return this;
        }

        /**
         * Servers as {@code host:port} separated by commas, e.g. {@code 10.0.1.5:42424,10.0.1.6:42424}; a missing
         * port is 42424. IPv6 addresses go in brackets: {@code [::1]:42424}.
         */
        public Builder servers(String hostsAndPorts) {
            for (String part : hostsAndPorts.split(",")) {
                String text = part.trim();
                if (text.isEmpty()) {
                    continue;
                }
                int colon = text.lastIndexOf(':');
                boolean hasPort = colon > 0
                        && text.indexOf(']', colon) < 0
                        && (text.startsWith("[") || text.indexOf(':') == colon);
                String host = hasPort ? text.substring(0, colon) : text;
                int port = hasPort ? Integer.parseInt(text.substring(colon + 1)) : 42424;
                server(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port);
            }
            return this;
        }

        /**
         * The ASP.NET application whose sessions to address, by ASP.NET's key rule. Without one, session ids are
         * used as keys as they are (for sessions only Java applications share).
         */
        public Builder application(AspNetApplication application) {
            this.application = application;
            return this;
        }

        /** How long a request may wait for its answer (ASP.NET's stateNetworkTimeout, default 10 s). */
        public Builder networkTimeout(Duration timeout) {
            this.networkTimeout = positive(timeout, "networkTimeout");
            return this;
        }

        /** How long opening a connection may take before the next server is tried (default 5 s). */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long an unused connection is kept (default 20 s: below the 30 s after which servers close idle
         * connections, so the client never sends on one being closed).
         */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = positive(timeout, "idleTimeout");
            return this;
        }

        /** How long a failed server is passed over before it is tried again (default 5 s). */
        public Builder retryDownServerAfter(Duration delay) {
            this.retryDownServerAfter = positive(delay, "retryDownServerAfter");
            return this;
        }

        /** The most connections open to one server; more requests at once wait for one (default 64). */
        public Builder maxConnectionsPerServer(int max) {
            if (max < 1) {
                throw new IllegalArgumentException("maxConnectionsPerServer must be at least 1");
            }
            this.maxConnectionsPerServer = max;
            return this;
        }

        /**
         * The largest session an answer may carry (default 64 MiB, aspstate's own default {@code --max-body}): a
         * longer Content-Length fails the request and closes its connection before any of the body is held in memory.
         */
        public Builder maxResponseBytes(long max) {
            if (max < 1 || max > StateResponseDecoder.LARGEST_POSSIBLE_BODY) {
                throw new IllegalArgumentException(
                        "maxResponseBytes must be 1.." + StateResponseDecoder.LARGEST_POSSIBLE_BODY + ", got " + max);
            }
            this.maxResponseBytes = max;
            return this;
        }

        /** Write new sessions deflate-compressed, as ASP.NET's {@code compressionEnabled="true"} (default off). */
        public Builder compressionEnabled(boolean enabled) {
            this.compressionEnabled = enabled;
            return this;
        }

        /** The I/O threads of the client's own NIO event loops (default 1); not used with {@link #connector}. */
        public Builder ioThreads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("ioThreads must be at least 1");
            }
            this.ioThreads = threads;
            return this;
        }

        /** Connections through event loops the caller owns (e.g. a native transport) instead of the client's own. */
        public Builder connector(Connector connector) {
            this.connector = connector;
            return this;
        }

        public SessionStateClient build() {
            if (servers.isEmpty()) {
                throw new IllegalStateException("no server given: add one with server(host, port) or servers(...)");
            }
            return new SessionStateClient(this);
        }

        private static Duration positive(Duration value, String name) {
            if (value == null || value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive");
            }
            return value;
        }
    }
}
