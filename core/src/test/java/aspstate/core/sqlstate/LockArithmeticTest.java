package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The arithmetic shared by the ASPState and SharePoint procedures, at its edges. */
class LockArithmeticTest {

    private static final long NOW = 1_700_000_000_000L;

    @ParameterizedTest(name = "timeout {0} min -> now + {1} ms")
    @CsvSource({"20, 1200000", "1, 60000", "0, 0", "-1, -60000", "2147483647, 128849018820000"})
    void expiryIsNowPlusTimeoutMinutesWithoutIntOverflow(int timeoutMinutes, long offsetMillis) {
        assertThat(LockArithmetic.expiry(timeoutMinutes, NOW)).isEqualTo(NOW + offsetMillis);
    }

    @ParameterizedTest(name = "cookie {0} -> {1}")
    @CsvSource({"1, 2", "0, 1", "2147483646, 2147483647", "2147483647, 1"})
    void nextCookieIncrementsAndWrapsToOneInsteadOfOverflowing(int cookie, int next) {
        assertThat(LockArithmetic.nextCookie(cookie)).isEqualTo(next);
    }

    @ParameterizedTest(name = "locked at {0} ms, now {1} ms -> {2} s")
    @CsvSource({
        "10000, 10000, 0",
        "10000, 10999, 0",
        "10900, 11100, 1", // DATEDIFF(second, ...) counts the boundary crossed, not 200 ms elapsed
        "10999, 11000, 1",
        "10000, 11000, 1",
        "10001, 71999, 61",
        "10500, 72499, 62",
        "15000, 10000, 0",
        "0, 2147483648000, 2147483647",
        "0, 9000000000000000, 2147483647"
    })
    void lockAgeCountsSecondBoundariesAsDatediffNeverNegativeAndCapped(long lockedAt, long now, int seconds) {
        assertThat(LockArithmetic.lockAgeSeconds(lockedAt, now)).isEqualTo(seconds);
    }
}
