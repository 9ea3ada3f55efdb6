package aspstate.transport;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** A listener's connections for operators: how many are open, and how many its limits closed and why. */
public final class ConnectionStatistics {
    /**
     * Why the listener's limits closed a connection: as it was accepted (the caps, the allowed peers), or later to
     * make room for a new one (the one furthest behind the minimum request rate, when a cap was reached).
     */
    public enum Refusal {
        MAX_CONNECTIONS("max_connections"),
        MAX_CONNECTIONS_PER_PEER("max_connections_per_peer"),
        NOT_ALLOWED("not_allowed"),
        SHED_BELOW_MIN_RATE("shed_below_min_request_rate");

        private final String label;

        Refusal(String label) {
            this.label = label;
        }

        /** The reason as metrics name it. */
        public String label() {
            return label;
        }
    }

    private final String protocol;
    private final AtomicInteger open = new AtomicInteger();
    private final Map<Refusal, LongAdder> refused = new EnumMap<>(Refusal.class);

    public ConnectionStatistics(String protocol) {
        this.protocol = protocol;
        for (Refusal refusal : Refusal.values()) {
            refused.put(refusal, new LongAdder());
        }
    }

    /** The listener's name (stateserver, tds, admin). */
    public String protocol() {
        return protocol;
    }

    public int open() {
        return open.get();
    }

    public long refused(Refusal refusal) {
        return refused.get(refusal).sum();
    }

    public void countRefused(Refusal refusal) {
        refused.get(refusal).increment();
    }

    /** The open count itself, which {@link OpenConnections} keeps against the limits. */
    AtomicInteger openCounter() {
        return open;
    }
}
