package aspstate.bench.corecache;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.bench.LoadGenerator;
import aspstate.bench.PageMix;
import aspstate.bench.PayloadSizes;
import aspstate.bench.Reply;
import aspstate.bench.RequestKind;
import aspstate.bench.RunResult;
import aspstate.bench.SessionBackend;
import aspstate.bench.Workload;
import aspstate.core.Clock;
import aspstate.core.corecache.CacheEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.StoredValue;
import aspstate.tds.LoginAuthenticator;
import aspstate.tds.ServedCatalogs;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.transport.InboundBudget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The load generator's tds-core-cache:// target against a real TDS listener serving the cache statements. */
@Timeout(60)
class CoreCacheLoadTest {
    private final List<MemorySessionStore<?>> stores = new ArrayList<>();
    private MemorySessionStore<CacheEntry> cache;
    private TdsListener listener;

    private <V extends StoredValue> MemorySessionStore<V> store() {
        MemorySessionStore<V> store = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        stores.add(store);
        return store;
    }

    @BeforeEach
    void start() throws Exception {
        cache = store();
        ServedCatalogs catalogs = ServedCatalogs.create(store(), store(), store(), cache);
        listener = TdsListener.start(
                null,
                TdsSettings.defaults().withPort(0),
                catalogs.procedures(),
                catalogs.statements(),
                LoginAuthenticator.ACCEPT_ALL,
                InboundBudget.unshared(TdsSettings.DEFAULT_MAX_MESSAGE_BYTES));
    }

    @AfterEach
    void stop() {
        listener.close();
        stores.forEach(MemorySessionStore::close);
    }

    @Test
    void everyPageKindRunsWithoutErrorsAndTheCacheKeepsTheSessions() throws Exception {
        Workload workload = new Workload(
                PageMix.parse("rw=40,ro=20,new=20,none=20"),
                500,
                PayloadSizes.parse("uniform:100-12000", 7),
                4,
                2,
                Duration.ofMillis(200),
                Duration.ofSeconds(1),
                0,
                0,
                7,
                true);
        RunResult result;
        try (CoreCacheBackendFactory factory = new CoreCacheBackendFactory(listener.address())) {
            result = new LoadGenerator(
                            factory,
                            workload,
                            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                            Duration.ofSeconds(1))
                    .run(factory.name());
        }

        assertThat(result.metrics().pages()).isPositive();
        assertThat(result.metrics().errors()).isZero();
        for (RequestKind kind : new RequestKind[] {
            RequestKind.GET_EXCLUSIVE,
            RequestKind.GET,
            RequestKind.SET_AND_RELEASE,
            RequestKind.INSERT_UNINITIALIZED,
            RequestKind.RESET_TIMEOUT
        }) {
            assertThat(result.metrics().total(kind).getTotalCount())
                    .as(kind.label())
                    .isPositive();
        }
        assertThat(cache.statistics().created())
                .as("pre-loaded plus new visitors")
                .isGreaterThan(500);
    }

    @Test
    void aSessionSetIsReadBackWhateverItsSize() throws Exception {
        try (CoreCacheBackendFactory factory = new CoreCacheBackendFactory(listener.address());
                SessionBackend backend = factory.connect()) {
            assertThat(backend.get("none").get()).isEqualTo(Reply.NOT_FOUND);
            for (int size : new int[] {0, 7999, 8000, 100_000}) {
                byte[] data = new byte[size];
                if (size > 0) {
                    data[size / 2] = (byte) size;
                }
                assertThat(backend.set("s" + size, data).get()).isEqualTo(Reply.OK);
                assertThat(backend.get("s" + size).get().data())
                        .as("%d bytes", size)
                        .isEqualTo(data);
            }
            assertThat(backend.resetTimeout("s0").get()).isEqualTo(Reply.OK);
        }
    }
}
