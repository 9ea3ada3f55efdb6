package aspstate.admin;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/**
 * A listing request of the session inspector: which sessions, in which order, which page. The work of a listing is
 * one visit of the store(s) keeping at most {@link #MAX_WINDOW} sessions, whatever the store holds.
 *
 * @param store  one store's name, or empty for every store
 * @param prefix only ids starting with it ("" for all)
 * @param locked only locked (true) or unlocked (false) sessions, or empty for both
 * @param offset where the page starts in the sorted listing (the cursor)
 */
record SessionQuery(Optional<String> store, String prefix, Optional<Boolean> locked, Sort sort, int limit,
                    int offset) {
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1_000;
    /** Pages reach this far into a listing at most: the sessions before the page are kept while visiting. */
    static final int MAX_WINDOW = 10_000;

    /** The orders a listing can have; the first sessions of each are what an operator looks for. */
    enum Sort {
        /** Oldest lock first; unlocked sessions after every locked one. */
        LOCK_AGE(Comparator.comparing((SessionSummary s) -> !s.locked())
                .thenComparing(s -> s.lockAgeMillis() == null ? 0 : -s.lockAgeMillis())),
        /** Largest first. */
        SIZE(Comparator.comparingLong(SessionSummary::sizeBytes).reversed()),
        /** Soonest to expire first. */
        EXPIRY(Comparator.comparingLong(SessionSummary::expiresAtMillis)),
        ID(Comparator.comparing(SessionSummary::store).thenComparing(SessionSummary::id));

        private final Comparator<SessionSummary> order;

        Sort(Comparator<SessionSummary> order) {
            // Ties broken by store and id, so that pages do not overlap or miss sessions between calls.
            this.order = order.thenComparing(SessionSummary::store).thenComparing(SessionSummary::id);
        }

        Comparator<SessionSummary> order() {
            return order;
        }

        String parameter() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Optional<Sort> of(String parameter) {
            for (Sort sort : values()) {
                if (sort.parameter().equals(parameter)) {
                    return Optional.of(sort);
                }
            }
            return Optional.empty();
        }
    }

    /** The listing's next page, or empty when this one ends it. */
    Optional<String> nextCursor(int returned, long matched) {
        long next = (long) offset + returned;
        return returned == limit && next < matched && next + limit <= MAX_WINDOW
                ? Optional.of(Long.toString(next)) : Optional.empty();
    }
}
