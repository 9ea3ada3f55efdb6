package aspstate.client;

import java.time.Duration;

/**
 * How a request waits for a session another request has locked, as ASP.NET's session-state module does.
 *
 * @param pollInterval     how often a locked session is asked for again (ASP.NET: 500 ms)
 * @param executionTimeout a lock older than this belongs to a request that is taken to have died, and is released
 *                         (ASP.NET: httpRuntime executionTimeout, 110 s)
 * @param maxWait          how long a request waits at most before it fails with
 *                         {@link SessionLockTimeoutException} (ASP.NET: the request's own execution timeout)
 */
public record LockSettings(Duration pollInterval, Duration executionTimeout, Duration maxWait) {
    /** ASP.NET's defaults: poll every 500 ms, release a lock older than 110 s, wait at most 110 s. */
    public static final LockSettings ASP_NET =
            new LockSettings(Duration.ofMillis(500), Duration.ofSeconds(110), Duration.ofSeconds(110));

    public LockSettings {
        for (Duration value : new Duration[] {pollInterval, executionTimeout, maxWait}) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("lock settings must be positive durations");
            }
        }
    }
}
