package aspstate.admin;

import aspstate.core.LogText;
import aspstate.core.store.StoreStatistics;
import aspstate.transport.ConnectionStatistics;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin listener's routes: the dashboard, {@code /metrics}, {@code /health/*}, {@code /api/stats} and the
 * session inspector under {@code /api/sessions} (docs/operations.md describes each). Everything but the dashboard's
 * files and the health probes needs the bearer token when one is configured; writes also need an
 * {@code X-Requested-By} header, which a page of another site cannot make a browser send.
 */
public final class AdminApi {
    private static final Logger LOG = LoggerFactory.getLogger(AdminApi.class);
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final AdminResponse NO_ICON = new AdminResponse(HttpResponseStatus.NO_CONTENT, "image/x-icon",
            new byte[0]);

    private final ServerStatus server;
    private final SessionStores stores;
    private final ServerMetrics metrics;
    private final Optional<AdminToken> token;
    private final SessionInspector inspector;
    private final Dashboard dashboard = new Dashboard();

    public AdminApi(ServerStatus server, SessionStores stores, ServerMetrics metrics, Optional<AdminToken> token) {
        this.server = server;
        this.stores = stores;
        this.metrics = metrics;
        this.token = token;
        this.inspector = new SessionInspector(stores);
        metrics.watch(stores, server);
    }

    AdminResponse handle(AdminRequest request) {
        if (token.isEmpty() && !LoopbackHost.named(request.host())) {
            return AdminResponse.error(HttpResponseStatus.FORBIDDEN, "without --admin-token only a loopback host "
                    + "name may be asked for (localhost, 127.0.0.1, [::1])");
        }
        List<String> path = request.path();
        if (path.isEmpty() || path.equals(List.of("index.html"))) {
            return onlyGet(request, () -> dashboard.file("index.html").orElseThrow());
        }
        String first = path.get(0);
        if (path.equals(List.of("favicon.ico"))) {
            return NO_ICON; // browsers ask for it; an empty answer keeps their consoles free of 404s
        }
        if (path.size() == 2 && first.equals("dashboard")) {
            return onlyGet(request, () -> dashboard.file(path.get(1)).orElseGet(AdminApi::notFound));
        }
        if (path.size() == 2 && first.equals("health")) {
            return onlyGet(request, () -> health(path.get(1)));
        }
        if (!authorized(request)) {
            return AdminResponse.error(HttpResponseStatus.UNAUTHORIZED, "a bearer token is needed (--admin-token)");
        }
        if (path.equals(List.of("metrics"))) {
            return onlyGet(request, () -> AdminResponse.text(PROMETHEUS_TEXT, metrics.scrape()));
        }
        if (path.equals(List.of("api", "stats"))) {
            return onlyGet(request, () -> AdminResponse.ok(stats()));
        }
        if (path.size() >= 2 && path.get(0).equals("api") && path.get(1).equals("sessions")) {
            return sessions(request, path.subList(2, path.size()));
        }
        return notFound();
    }

    private boolean authorized(AdminRequest request) {
        if (token.isEmpty()) {
            return true;
        }
        String header = request.authorization();
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && token.get().accepts(header.substring(7).trim());
    }

    private AdminResponse health(String probe) {
        switch (probe) {
            case "live":
                return AdminResponse.ok(Map.of("status", "up"));
            case "ready":
                Map<String, Boolean> checks = server.readiness();
                boolean ready = checks.values().stream().allMatch(Boolean::booleanValue);
                return AdminResponse.json(ready ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE,
                        Map.of("status", ready ? "ready" : "not ready", "checks", checks));
            default:
                return notFound();
        }
    }

    private Map<String, Object> stats() {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("version", server.version());
        stats.put("uptimeSeconds", ManagementFactory.getRuntimeMXBean().getUptime() / 1000);
        stats.put("store", server.storeDescription());
        stats.put("ready", server.readiness().values().stream().allMatch(Boolean::booleanValue));
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
        stats.put("jvm", Map.of("heapUsedBytes", heap.getUsed(), "heapMaxBytes", heap.getMax(),
                "availableProcessors", Runtime.getRuntime().availableProcessors()));
        stats.put("clusterMembers", server.clusterMembers());
        return stats;
    }

    private AdminResponse sessions(AdminRequest request, List<String> rest) {
        if (rest.isEmpty()) {
            return onlyGet(request, () -> SessionQueries.parse(request, stores.names())
                    .map(query -> AdminResponse.ok(inspector.list(query)))
                    .orElseGet(() -> AdminResponse.error(HttpResponseStatus.BAD_REQUEST,
                            SessionQueries.USAGE)));
        }
        Optional<SessionStores.Named> store = stores.get(rest.get(0));
        if (store.isEmpty() || rest.size() < 2 || rest.size() > 3) {
            return AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such store; stores: " + stores.names());
        }
        String id = rest.get(1);
        if (rest.size() == 3) {
            if (!rest.get(2).equals("unlock")) {
                return notFound();
            }
            return write(request, HttpMethod.POST, () -> unlock(request, store.get(), id));
        }
        if (request.method().equals(HttpMethod.DELETE)) {
            return write(request, HttpMethod.DELETE, () -> delete(request, store.get(), id));
        }
        return onlyGet(request, () -> inspector.find(store.get(), id)
                .map(session -> AdminResponse.ok(SessionDetails.of(store.get(), id, session,
                        stores.clock().millis())))
                .orElseGet(() -> AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session")));
    }

    private AdminResponse unlock(AdminRequest request, SessionStores.Named store, String id) {
        SessionInspector.Unlock result = inspector.unlock(store, id);
        audit(request, "unlock", store, id, result.name().toLowerCase(Locale.ROOT));
        return result == SessionInspector.Unlock.NOT_FOUND
                ? AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session")
                : AdminResponse.ok(Map.of("result", result.name().toLowerCase(Locale.ROOT)));
    }

    private AdminResponse delete(AdminRequest request, SessionStores.Named store, String id) {
        boolean deleted = inspector.delete(store, id);
        audit(request, "delete", store, id, deleted ? "deleted" : "not found");
        return deleted ? AdminResponse.ok(Map.of("result", "deleted"))
                : AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such session");
    }

    /** Every write says who (address, and whether a token was given) and what. */
    private void audit(AdminRequest request, String action, SessionStores.Named store, String id, String result) {
        LOG.info("admin: {} {} {} session {}: {}", request.peer().getAddress().getHostAddress(),
                token.isPresent() ? "(with the token)" : "(loopback, no token)", action,
                store.name() + "/" + LogText.client(id), result);
    }

    private AdminResponse write(AdminRequest request, HttpMethod method, Supplier<AdminResponse> write) {
        if (!request.method().equals(method)) {
            return AdminResponse.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "use " + method);
        }
        if (request.requestedBy() == null || request.requestedBy().isBlank()) {
            return AdminResponse.error(HttpResponseStatus.FORBIDDEN,
                    "writes need an X-Requested-By header (any value), which other sites cannot send");
        }
        return write.get();
    }

    private static AdminResponse onlyGet(AdminRequest request, Supplier<AdminResponse> read) {
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            return AdminResponse.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET");
        }
        return read.get();
    }

    private static AdminResponse notFound() {
        return AdminResponse.error(HttpResponseStatus.NOT_FOUND, "no such page; see docs/operations.md");
    }
}
