package aspstate.tds;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.sqlstate.AspStateCatalog;

/** The ASPState catalog over small memory stores behind a {@link TestServer}; the stores' clock stands still. */
final class AspStateServer implements AutoCloseable {
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final MemorySessionStore<AppRegistration> appIds =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    final TestServer server = new TestServer(AspStateCatalog.create(sessions, appIds));

    @Override
    public void close() {
        server.close();
        sessions.close();
        appIds.close();
    }
}
