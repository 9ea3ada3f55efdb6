package aspstate.server;

import aspstate.admin.ReadinessCheck;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Readiness's store check: each store is asked for a key no client uses, as a request would ask it, and must
 * answer within {@link #TIMEOUT}. It counts in the request metrics as operation {@value #OPERATION}.
 */
final class StoreProbe {
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    static final String OPERATION = ReadinessCheck.STORE_PROBE_OPERATION;
    /** Not a key any protocol makes: StateServer keys start with '/', SQL ones are hex, SharePoint ones GUIDs. */
    private static final String KEY = "aspstate:readiness-probe";

    private StoreProbe() {}

    /** Passed when every store answered in time; failed naming the first that did not, and how. */
    static ReadinessCheck.Result probe(StoreSet stores) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        for (StoreId<?> id : stores.ids()) {
            try {
                read(stores.get(id)).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return ReadinessCheck.Result.failed(
                        "the " + id.name() + " store did not answer within " + TIMEOUT.toSeconds() + " s");
            } catch (ExecutionException e) {
                return ReadinessCheck.Result.failed("the " + id.name() + " store failed: " + e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ReadinessCheck.Result.failed("interrupted while probing the stores");
            }
        }
        return ReadinessCheck.Result.passed();
    }

    private static <V extends StoredValue> CompletableFuture<Object> read(SessionStore<V> store) {
        return store.execute(KEY, new Read<V>()).toCompletableFuture();
    }

    /** Reads and keeps: the store answers as it would a request, and nothing changes. */
    private static final class Read<V extends StoredValue> implements Mutation<V, Object> {
        @Override
        public Outcome<V, Object> apply(V current, long nowMillis) {
            return Outcome.keep(null);
        }

        @Override
        public String operation() {
            return OPERATION;
        }
    }
}
