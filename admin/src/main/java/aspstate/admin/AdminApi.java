package aspstate.admin;

import aspstate.core.LogText;
import aspstate.core.store.StoreStatistics;
import aspstate.transport.ConnectionStatistics;
import aspstate.transport.CredentialCheckQueue;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin listener's routes: the dashboard, {@code /metrics}, {@code /health/*}, {@code /api/stats} and the
 * session inspector under {@code /api/sessions} (docs/operations.md describes each). Everything but the dashboard's
 * files and the health probes needs the bearer token when one is configured; writes also need an
 * {@code X-Requested-By} header, which a page of another site cannot make a browser send.
 *
 * <p>Called on an event loop, it answers there only what costs nothing (the dashboard's files, liveness, the
 * refusals); a token not seen before is checked in a {@link CredentialCheckQueue}, the readiness checks run on their
 * own thread ({@link Readiness}), and everything that visits or changes a store, decodes a session or scrapes the
 * metrics runs on the {@link AdminWorkers}.
 */
public final class AdminApi implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AdminApi.class);
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final AdminResponse NO_ICON =
            new AdminResponse(HttpResponseStatus.NO_CONTENT, "image/x-icon", new byte[0]);
    /** The liveness answer, made once: a probe costs the event loop no serialization. */
    private static final AdminResponse LIVE = AdminResponse.ok(Map.of("status", "up"));

    private static final CredentialCheckQueue.Names TOKEN_CHECKS =
            new CredentialCheckQueue.Names("admin token check(s)", "admin-queue", "admin-token-failures");

    private final ServerStatus server;
    private final SessionStores stores;
    private final ServerMetrics metrics;
    private final Optional<AdminToken> token;
    private final SessionInspector inspector;
    private final Dashboard dashboard = new Dashboard();
    private final AdminWorkers workers;
    private final CredentialCheckQueue tokenChecks;
    private final Readiness readiness;

    public AdminApi(ServerStatus server, SessionStores stores, ServerMetrics metrics, AdminSettings settings) {
        this(server, stores, metrics, settings, AdminWorkers.defaultThreads());
    }

    AdminApi(
            ServerStatus server,
            SessionStores stores,
            ServerMetrics metrics,
            AdminSettings settings,
            int workerThreads) {
        this.server = server;
        this.stores = stores;
        this.metrics = metrics;
        this.token = settings.token();
        this.inspector = new SessionInspector(stores);
        this.workers = new AdminWorkers(workerThreads, settings.queue());
        this.tokenChecks = new CredentialCheckQueue(TOKEN_CHECKS, settings.queue(), settings.tokenFailures());
        this.readiness = new Readiness(server.readinessChecks());
        metrics.watch(stores, server);
    }

    /** The admin listener serving this API listens: its connections join the protocols' in the metrics. */
    void listening(ConnectionStatistics connections) {
        metrics.watchConnections(connections);
    }

    /**
     * The answer to {@code request}, now or later.
     *
     * @param connectionClosed completes when the client's connection closes: a token check not yet started is
     *                         then skipped
     */
    CompletableFuture<AdminResponse> handle(AdminRequest request, CompletionStage<?> connectionClosed) {
        if (token.isEmpty() && !LoopbackHost.named(request.host())) {
            return now(AdminResponse.error(
                    HttpResponseStatus.FORBIDDEN,
                    "without --admin-token only a loopback "
                            + "host name may be asked for (localhost, 127.0.0.1, [::1])"));
        }
        List<String> path = request.path();
        if (path.isEmpty() || path.equals(List.of("index.html"))) {
            return now(onlyGet(request, () -> dashboard.file("index.html").orElseThrow()));
        }
        String first = path.get(0);
        if (path.equals(List.of("favicon.ico"))) {
            return now(NO_ICON); // browsers ask for it; an empty answer keeps their consoles free of 404s
        }
        if (path.size() == 2 && first.equals("dashboard")) {
            return now(onlyGet(request, () -> dashboard.file(path.get(1)).orElseGet(AdminApi::notFound)));
        }
        if (path.size() == 2 && first.equals("health")) {
            return health(request, path.get(1));
        }
        return authorized(request, connectionClosed)
                .thenCompose(allowed -> allowed
                        ? route(request)
                        : now(AdminResponse.error(
                                HttpResponseStatus.UNAUTHORIZED, "a bearer token is needed " + "(--admin-token)")));
    }

    /** The routes behind the token. */
    private CompletableFuture<AdminResponse> route(AdminRequest request) {
        List<String> path = request.path();
        if (path.equals(List.of("metrics"))) {
            return onlyGetLater(request, () -> AdminResponse.text(PROMETHEUS_TEXT, metrics.scrape()));
        }
        if (path.equals(List.of("api", "stats"))) {
            return onlyGetLater(request, () -> AdminResponse.ok(stats()));
        }
        if (path.size() >= 2 && path.get(0).equals("api") && path.get(1).equals("sessions")) {
            return sessions(request, path.subList(2, path.size()));
        }
        return now(notFound());
    }

    private CompletableFuture<Boolean> authorized(AdminRequest request, CompletionStage<?> connectionClosed) {
        if (token.isEmpty()) {
            return CompletableFuture.completedFuture(true);
        }
        String header = request.authorization();
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return CompletableFuture.completedFuture(false);
        }
        String presented = header.substring(7).trim();
        Optional<Boolean> known = token.get().known(presented);
        if (known.isPresent()) {
            return CompletableFuture.completedFuture(known.get());
        }
        CompletableFuture<Boolean> check = tokenChecks.submit(
                request.peer().getAddress(), "a bearer token", () -> token.get().checkSlowly(presented));
        if (!check.isDone()) {
            connectionClosed.whenComplete((closed, failure) -> check.cancel(false));
        }
        return check;
    }

    private CompletableFuture<AdminResponse> health(AdminRequest request, String probe) {
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            return now(methodNotAllowed());
        }
        switch (probe) {
            case "live":
                return now(LIVE);
            case "ready":
                return readiness.evaluate().thenApply(AdminApi::readinessAnswer);
            default:
                return now(notFound());
        }
    }

    /** {"status": ..., "checks": {name: ok}, "reasons": {name: why not}} (reasons only for the failing ones). */
    private static AdminResponse readinessAnswer(Readiness.Report report) {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        report.results().forEach((name, result) -> {
            checks.put(name, result.ok());
            if (!result.ok()) {
                reasons.put(name, result.reason());
            }
        });
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", report.ready() ? "ready" : "not ready");
        answer.put("checks", checks);
        if (!reasons.isEmpty()) {
            answer.put("reasons", reasons);
        }
        return AdminResponse.json(
                report.ready() ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, answer);
    }

    /** On a worker: it visits the stores for the lock census and runs the readiness checks (bounded waits). */
    private Map<String, Object> stats() {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("version", server.version());
        stats.put("uptimeSeconds", ManagementFactory.getRuntimeMXBean().getUptime() / 1000);
        stats.put("store", server.storeDescription());
        stats.put("ready", ready());
        stats.put("memory", Map.of("maxBytes", server.maxMemoryBytes(), "usedBytes", server.usedMemoryBytes()));
        Map<String, Object> storeStats = new LinkedHashMap<>();
        for (Map.Entry<String, StoreStatistics> entry : server.storeStatistics().entrySet()) {
            StoreStatistics statistics = entry.getValue();
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("active", statistics.active());
            one.put("created", statistics.created());
            one.put("expired", statistics.expired());
            one.put("removed", statistics.removed());
            one.put("storedBytes", statistics.storedBytes());
            stores.get(entry.getKey()).ifPresent(named -> {
                LockCensus.Count locks = named.locks().count();
                one.put("locked", locks.locked());
                one.put("oldestLockSeconds", locks.oldestLockSeconds());
            });
            storeStats.put(entry.getKey(), one);
        }
        stats.put("stores", storeStats);
        Map<String, Object> connections = new LinkedHashMap<>();
        for (ConnectionStatistics listener : server.connections()) {
            Map<String, Long> refused = new LinkedHashMap<>();
            for (ConnectionStatistics.Refusal refusal : ConnectionStatistics.Refusal.values()) {
                refused.put(refusal.label(), listener.refused(refusal));
            }
            connections.put(listener.protocol(), Map.of("open", listener.open(), "refused", refused));
        }
        stats.put("connections", connections);
        ServerMetrics.RequestTotals requests = metrics.requestTotals();
        stats.put("requests", Map.of("count", requests.count(), "seconds", requests.seconds()));
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        stats.put(
                "jvm",
                Map.of(
                        "heapUsedBytes",
                        heap.getUsed(),
                        "heapMaxBytes",
                        heap.getMax(),
                        "availableProcessors",
                        Runtime.getRuntime().availableProcessors()));
        stats.put("clusterMembers", server.clusterMembers());
        return stats;
    }

    private boolean ready() {
        try {
            return readiness
                    .evaluate()
                    .get(Readiness.TIMEOUT_SECONDS + 1, TimeUnit.SECONDS)
                    .ready();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    private CompletableFuture<AdminResponse> sessions(AdminRequest request, List<String> rest) {
        if (rest.isEmpty()) {
            Optional<SessionQuery> query = SessionQueries.parse(request, stores.names());
            if (query.isEmpty()) {
                return now(AdminResponse.error(HttpResponseStatus.BAD_REQUEST, SessionQueries.USAGE));
            }
            return onlyGetLater(request, () -> AdminResponse.ok(inspector.list(query.get())));
        }
        Optional<SessionStores.Named<?>> store = stores.get(rest.get(0));
        if (store.isEmpty() || rest.size() < 2 || rest.size() > 3) {
            return now(AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such store; stores: " + stores.names()));
        }
        String id = rest.get(1);
        if (rest.size() == 3) {
            if (!rest.get(2).equals("unlock")) {
                return now(notFound());
            }
            return write(request, HttpMethod.POST, () -> unlock(request, store.get(), id));
        }
        if (request.method().equals(HttpMethod.DELETE)) {
            return write(request, HttpMethod.DELETE, () -> delete(request, store.get(), id));
        }
        return onlyGetLater(
                request,
                () -> inspector
                        .find(store.get(), id)
                        .map(session -> AdminResponse.json(
                                HttpResponseStatus.OK,
                                SessionDetails.of(
                                        store.get(), id, session, stores.clock().millis())))
                        .orElseGet(() -> AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session")));
    }

    private AdminResponse unlock(AdminRequest request, SessionStores.Named<?> store, String id) {
        SessionInspector.Unlock result = inspector.unlock(store, id);
        audit(request, "unlock", store, id, result.name().toLowerCase(Locale.ROOT));
        return result == SessionInspector.Unlock.NOT_FOUND
                ? AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session")
                : AdminResponse.ok(Map.of("result", result.name().toLowerCase(Locale.ROOT)));
    }

    private AdminResponse delete(AdminRequest request, SessionStores.Named<?> store, String id) {
        boolean deleted = inspector.delete(store, id);
        audit(request, "delete", store, id, deleted ? "deleted" : "not found");
        return deleted
                ? AdminResponse.ok(Map.of("result", "deleted"))
                : AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session");
    }

    /** Every write says who (address, and whether a token was given) and what. */
    private void audit(AdminRequest request, String action, SessionStores.Named<?> store, String id, String result) {
        LOG.info(
                "admin: {} {} {} session {}: {}",
                request.peer().getAddress().getHostAddress(),
                token.isPresent() ? "(with the token)" : "(loopback, no token)",
                action,
                store.name() + "/" + LogText.client(id),
                result);
    }

    /** A write, on a worker once its method and header are right. */
    private CompletableFuture<AdminResponse> write(
            AdminRequest request, HttpMethod method, Supplier<AdminResponse> write) {
        if (!request.method().equals(method)) {
            return now(AdminResponse.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "use " + method));
        }
        if (request.requestedBy() == null || request.requestedBy().isBlank()) {
            return now(AdminResponse.error(
                    HttpResponseStatus.FORBIDDEN,
                    "writes need an X-Requested-By header (any value), which other sites cannot send"));
        }
        return workers.submit(write);
    }

    /** A read that costs nothing, answered on the event loop. */
    private static AdminResponse onlyGet(AdminRequest request, Supplier<AdminResponse> read) {
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            return methodNotAllowed();
        }
        return read.get();
    }

    /** A read that visits the stores or decodes, on a worker. */
    private CompletableFuture<AdminResponse> onlyGetLater(AdminRequest request, Supplier<AdminResponse> read) {
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            return now(methodNotAllowed());
        }
        return workers.submit(read);
    }

    private static CompletableFuture<AdminResponse> now(AdminResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    private static AdminResponse methodNotAllowed() {
        return AdminResponse.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET");
    }

    private static AdminResponse notFound() {
        return AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such page; see docs/operations.md");
    }

    /** Stops the workers and the readiness and token-check threads. */
    @Override
    public void close() {
        workers.close();
        readiness.close();
        tokenChecks.close();
    }
}
