package aspstate.admin;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * One thing that must hold for the server to be ready (listeners bound, the store answering...): a name, as
 * {@code /health/ready} reports it, and what it finds when asked. A check may block (a probe of the store) but
 * must bound its own wait; it runs on the readiness thread, never on an event loop.
 */
public record ReadinessCheck(String name, Supplier<Result> check) {
    /**
     * The operation a readiness check's read of a store is metered as: it has its own metrics, and is no request
     * of a client's in the totals people read ({@code aspstate stats}, the dashboard).
     */
    public static final String STORE_PROBE_OPERATION = "ReadinessProbe";

    public ReadinessCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(check, "check");
    }

    /** What a check found: ok, or not with the reason an operator reads. */
    public record Result(boolean ok, String reason) {
        private static final Result OK = new Result(true, null);

        public static Result passed() {
            return OK;
        }

        public static Result failed(String reason) {
            return new Result(false, Objects.requireNonNull(reason, "reason"));
        }
    }
}
