package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** LockDate is .NET ticks of the lock time in the server's local zone, as Microsoft's service sends it. */
class StateServerResponsesTest {

    @Test
    void lockDateIsDotNetTicksOfLocalTime() {
        long millis =
                LocalDateTime.of(2026, 7, 1, 12, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
        long utcTicks =
                ChronoUnit.MICROS.between(LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(2026, 7, 1, 12, 0)) * 10;
        assertThat(new StateServerResponses("4.0.30319", ZoneOffset.UTC).toLocalTicks(millis))
                .isEqualTo(utcTicks);
        // Summer in Berlin is UTC+2: the local wall-clock time is two hours later.
        long berlin = new StateServerResponses("4.0.30319", ZoneId.of("Europe/Berlin")).toLocalTicks(millis);
        assertThat(berlin - utcTicks).isEqualTo(2L * 3600 * 10_000_000);
    }

    @Test
    void versionBelowTwoIsRefusedBecauseTheClientWouldRejectIt() {
        StateServerSettings d = StateServerSettings.defaults();
        assertThatThrownBy(() -> new StateServerSettings(
                        d.bindAddress(),
                        0,
                        d.allowedPeers(),
                        d.idleTimeout(),
                        d.maxBodyBytes(),
                        "1.1.4322",
                        d.lockDateZone(),
                        d.connections()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("version-header");
    }
}
