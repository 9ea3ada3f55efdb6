package aspstate.tds.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The version spoken with a client is the newest it names in LOGIN7, never newer. */
class TdsVersionTest {
    @Test
    void eachVersionAClientNamesIsSpokenBack() {
        assertThat(TdsVersion.spokenWith(0x71000001)).isEqualTo(TdsVersion.V7_1); // jTDS
        assertThat(TdsVersion.spokenWith(0x72090002)).isEqualTo(TdsVersion.V7_2);
        assertThat(TdsVersion.spokenWith(0x730A0003)).isEqualTo(TdsVersion.V7_3A);
        assertThat(TdsVersion.spokenWith(0x730B0003)).isEqualTo(TdsVersion.V7_3B);
        assertThat(TdsVersion.spokenWith(0x74000004)).isEqualTo(TdsVersion.V7_4); // mssql-jdbc, SqlClient
    }

    @Test
    void aNewerClientGetsTheNewestServed() {
        assertThat(TdsVersion.spokenWith(0x75000000)).isEqualTo(TdsVersion.V7_4);
        // TDS 8.0 (strict encryption) names itself 0x08000000, below every 7.x value, and speaks 7.4.
        assertThat(TdsVersion.spokenWith(0x08000000)).isEqualTo(TdsVersion.V7_4);
    }

    @Test
    void anOlderClientGetsTheOldestServed() {
        assertThat(TdsVersion.spokenWith(0x70000000)).isEqualTo(TdsVersion.V7_1);
    }
}
