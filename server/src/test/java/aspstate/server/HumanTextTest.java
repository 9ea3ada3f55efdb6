package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HumanTextTest {
    @ParameterizedTest
    @CsvSource({
        "0, 0 B",
        "1023, 1023 B",
        "1024, 1 KiB",
        "15258, 14.9 KiB",
        "2147483648, 2 GiB",
        "1610612736, 1.5 GiB",
        "1099511627776, 1 TiB"
    })
    void sizesAreInTheUnitThatSuitsThem(long bytes, String text) {
        assertThat(HumanText.bytes(bytes)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "0.000345, 345 ns",
        "0.0125, 12.5 µs",
        "0.345, 345 µs",
        "2.4, 2.4 ms",
        "999, 999 ms",
        "1200, 1.2 s"
    })
    void timesPerRequestAreInTheUnitThatSuitsThem(double millis, String text) {
        assertThat(HumanText.millis(millis)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0 s",
        "45, 45 s",
        "60, 1 min",
        "725, 12 min 5 s",
        "11520, 3 h 12 min",
        "183600, 2 d 3 h",
        "172800, 2 d"
    })
    void durationsAreInTheirTwoLargestUnits(long seconds, String text) {
        assertThat(HumanText.duration(seconds)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"0, 100, 0.0%", "1, 1000000, <0.1%", "375, 1000, 37.5%", "1, 1, 100.0%"})
    void sharesHaveOneDecimal(long part, long whole, String text) {
        assertThat(HumanText.percent(part, whole)).isEqualTo(text);
    }

    @Test
    void countsHaveThousandsSeparators() {
        assertThat(HumanText.count(1_234_567)).isEqualTo("1,234,567");
    }

    @Test
    void aHexDumpShowsOnlyPrintableAsciiAsText() {
        byte[] data = "Hello, world\u001b[2J\u0000\u00ff!".getBytes(StandardCharsets.ISO_8859_1);

        assertThat(HumanText.hexDump(data))
                .containsExactly(
                        "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 1b 5b 32 4a  |Hello, world.[2J|",
                        "00000010  00 ff 21                                          |..!|");
    }

    @Test
    void clientTextCannotReachTheTerminalAsControlCharacters() {
        assertThat(HumanText.clientText("a\u001b[2Jb\r\nc")).isEqualTo("a\\u001b[2Jb\\r\\nc");
    }
}
