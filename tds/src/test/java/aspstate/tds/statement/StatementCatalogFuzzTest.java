package aspstate.tds.statement;

import aspstate.core.ManualClock;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.StoredValue;
import aspstate.tds.ServedCatalogs;
import aspstate.tds.error.SqlException;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The statement recognizer fed any text (docs/fuzzing.md): a text is recognized as one of the served statements or
 * not, never with an exception; a recognized one then runs as a SQL batch (without parameters), answered or
 * refused with a SQL error. The committed inputs are the clients' texts of docs/spec/statements/, filled in.
 */
class StatementCatalogFuzzTest {
    private static final ManualClock CLOCK = new ManualClock(1_750_000_000_000L);
    private static final ServedCatalogs CATALOGS = ServedCatalogs.create(store(), store(), store(), store());

    private static <V extends StoredValue> MemorySessionStore<V> store() {
        return new MemorySessionStore<>(CLOCK, MemoryStoreSettings.withMaxMemory(1 << 20));
    }

    @FuzzTest(maxDuration = "4s")
    void anyTextIsAServedStatementOrNot(byte[] input) {
        Optional<RecognizedStatement> recognized =
                CATALOGS.statements().recognize(new String(input, StandardCharsets.UTF_8));
        if (recognized.isPresent()) {
            try {
                recognized
                        .get()
                        .statement()
                        .run(StatementArguments.none(recognized.get().match()))
                        .toCompletableFuture()
                        .join();
            } catch (SqlException refused) {
                // a batch has no parameters: a statement that needs one is refused (137)
            }
        }
    }
}
