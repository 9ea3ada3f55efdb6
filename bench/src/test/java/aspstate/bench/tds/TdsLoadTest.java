package aspstate.bench.tds;

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
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.LoginAuthenticator;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.tds.sqlstate.AspStateCatalog;
import aspstate.transport.InboundBudget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The load generator's tds:// target against a real TDS listener serving the ASPState procedures. */
@Timeout(60)
class TdsLoadTest {
    private MemorySessionStore<SqlSessionItem> sessions;
    private MemorySessionStore<AppRegistration> appIds;
    private TdsListener listener;

    @BeforeEach
    void start() throws Exception {
        sessions = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        appIds = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        listener = TdsListener.start(
                TdsSettings.defaults().withPort(0),
                AspStateCatalog.create(sessions, appIds),
                LoginAuthenticator.ACCEPT_ALL,
                InboundBudget.unshared(TdsSettings.DEFAULT_MAX_MESSAGE_BYTES));
    }

    @AfterEach
    void stop() {
        listener.close();
        sessions.close();
        appIds.close();
    }

    @Test
    void everyPageKindRunsWithoutErrorsAndTheStoreSeesThem() throws Exception {
        Workload workload = new Workload(
                PageMix.parse("rw=40,ro=20,new=20,none=20"),
                500,
                PayloadSizes.parse("uniform:100-9000", 7),
                4,
                2,
                Duration.ofMillis(200),
                Duration.ofSeconds(1),
                0,
                0,
                7,
                true);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        RunResult result;
        try (TdsBackendFactory factory = new TdsBackendFactory(listener.address())) {
            result = new LoadGenerator(
                            factory,
                            workload,
                            new PrintStream(progress, true, StandardCharsets.UTF_8),
                            Duration.ofSeconds(1))
                    .run("aspstate-tds");
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
        assertThat(sessions.statistics().created())
                .as("pre-loaded plus new visitors")
                .isGreaterThan(500);
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("preload 500 sessions done");
    }

    @Test
    void anUninitializedItemOverTheShortColumnIsRefusedWithTheReasonAndADuplicateInsertIsSwallowed() throws Exception {
        try (TdsBackendFactory factory = new TdsBackendFactory(listener.address());
                SessionBackend backend = factory.connect()) {
            assertThat(backend.insertUninitialized("big", new byte[7001]))
                    .failsWithin(Duration.ofSeconds(10))
                    .withThrowableOfType(ExecutionException.class)
                    .withMessageContaining("TempInsertUninitializedItem takes at most 7000 bytes");
            assertThat(backend.insertUninitialized("small", new byte[7000]).get())
                    .isEqualTo(Reply.OK);
            assertThat(backend.insertUninitialized("small", new byte[10]).get())
                    .as("duplicate")
                    .isEqualTo(Reply.OK);
            assertThat(backend.get("small").get().data()).hasSize(7000);
        }
    }
}
