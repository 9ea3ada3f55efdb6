package aspstate.admin;

import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreStatistics;
import aspstate.core.stores.StoreId;
import aspstate.transport.ConnectionStatistics;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A real admin listener on a free loopback port, on its own event loops, over a real memory store named
 * "stateserver": what the server wires, without the protocols. The server's status is the store's and the
 * readiness checks a test gives.
 */
final class AdminTestServer implements AutoCloseable {
    final SessionStore<SessionEntry> store;
    final ServerMetrics metrics = new ServerMetrics();
    final AdminListener listener;
    private final HttpClient http = HttpClient.newHttpClient();

    private AdminTestServer(
            SessionStore<SessionEntry> store, AdminSettings settings, List<ReadinessCheck> checks, int workers)
            throws InterruptedException {
        this.store = store;
        SessionStores stores = new SessionStores(Clock.SYSTEM);
        stores.add(StoreId.STATESERVER, store);
        AdminApi api = new AdminApi(new Status(store, checks), stores, metrics, settings, workers);
        listener = AdminListener.start(settings, api);
    }

    static AdminTestServer start() throws InterruptedException {
        return start(settings(), List.of());
    }

    static AdminTestServer start(AdminSettings settings, List<ReadinessCheck> checks) throws InterruptedException {
        return start(newStore(), settings, checks, 1);
    }

    static AdminTestServer start(
            SessionStore<SessionEntry> store, AdminSettings settings, List<ReadinessCheck> checks, int workers)
            throws InterruptedException {
        return new AdminTestServer(store, settings, checks, workers);
    }

    static MemorySessionStore<SessionEntry> newStore() {
        return new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
    }

    /** The defaults, on loopback, on a free port, without a token. */
    static AdminSettings settings() {
        return AdminSettings.defaults(InetAddress.getLoopbackAddress(), 0, Optional.empty());
    }

    int port() {
        return listener.address().getPort();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).build());
    }

    CompletableFuture<HttpResponse<String>> sendAsync(String path) {
        return http.sendAsync(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Stores a session as a StateServer PUT would. */
    void put(String id, byte[] data) throws Exception {
        put(id, SessionEntry.created(data, 20, false, System.currentTimeMillis()));
    }

    void put(String id, SessionEntry entry) throws Exception {
        store.execute(id, (current, now) -> Outcome.put(entry, null))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        listener.close();
        metrics.close();
        store.close();
    }

    /** The server as a test has it: one store, no protocol listeners, the readiness checks given. */
    private record Status(SessionStore<SessionEntry> store, List<ReadinessCheck> checks) implements ServerStatus {
        @Override
        public String version() {
            return "test";
        }

        @Override
        public String storeDescription() {
            return store.describe();
        }

        @Override
        public List<ReadinessCheck> readinessChecks() {
            return checks;
        }

        @Override
        public Map<String, StoreStatistics> storeStatistics() {
            return Map.of("stateserver", store.statistics());
        }

        @Override
        public long maxMemoryBytes() {
            return 0;
        }

        @Override
        public long usedMemoryBytes() {
            return store.statistics().storedBytes();
        }

        @Override
        public List<ConnectionStatistics> connections() {
            return List.of();
        }

        @Override
        public List<String> clusterMembers() {
            return List.of();
        }
    }
}
