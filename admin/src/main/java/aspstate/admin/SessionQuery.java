package aspstate.admin;

import aspstate.core.store.SessionValue;
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
record SessionQuery(Optional<String> store, String prefix, Optional<Boolean> locked, Sort sort, int limit, int offset) {
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1_000;
    /** Pages reach this far into a listing at most: the sessions before the page are kept while visiting. */
    static final int MAX_WINDOW = 10_000;

    /**
     * A session met while visiting, as it is stored: it is ordered on its stored fields, and only the sessions of the
     * page become {@link SessionSummary}s (which format dates), so that a visit of a large store allocates little.
     */
    record Listed(String store, String id, SessionValue<?> session) {}

    /** The orders a listing can have; the first sessions of each are what an operator looks for. */
    enum Sort {
        /** Oldest lock first (the earliest lock time); unlocked sessions after every locked one. */
        LOCK_AGE(Comparator.comparingInt((Listed l) -> l.session().locked() ? 0 : 1)
                .thenComparingLong(l -> l.session().locked() ? l.session().lockedAtMillis() : 0)),
        /** Largest first. */
        SIZE(Comparator.comparingLong((Listed l) -> l.session().sizeInBytes()).reversed()),
        /** Soonest to expire first. */
        EXPIRY(Comparator.comparingLong((Listed l) -> l.session().expiresAtMillis())),
        ID(Comparator.comparing(Listed::store).thenComparing(Listed::id));

        private final Comparator<Listed> order;

        Sort(Comparator<Listed> order) {
            // Ties broken by store and id, so that pages do not overlap or miss sessions between calls.
            this.order = order.thenComparing(Listed::store).thenComparing(Listed::id);
        }

        Comparator<Listed> order() {
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
                ? Optional.of(Long.toString(next))
                : Optional.empty();
    }
}
