package aspstate.server;

import aspstate.core.stores.SessionStoreId;
import aspstate.core.stores.StoreId;
import java.util.Iterator;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** The admin commands' {@code --store}: a store of sessions by its label, as the admin API and metrics name it. */
final class StoreOption {
    @Option(
            names = "--store",
            paramLabel = "STORE",
            converter = Label.class,
            completionCandidates = Labels.class,
            description = "${COMPLETION-CANDIDATES}. Default: every store, in this order")
    private SessionStoreId<?> store;

    /** The store named, or empty for every store. */
    Optional<SessionStoreId<?>> store() {
        return Optional.ofNullable(store);
    }

    static final class Label implements ITypeConverter<SessionStoreId<?>> {
        @Override
        public SessionStoreId<?> convert(String text) {
            return StoreId.labeled(text.trim())
                    .orElseThrow(() -> new IllegalArgumentException(
                            "not a store of sessions: " + String.join(", ", new Labels())));
        }
    }

    /** The labels, in the order the commands try the stores: for the help and for completion. */
    static final class Labels implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return StoreId.sessions().stream().map(StoreId::label).iterator();
        }
    }
}
