package aspstate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** What each converter accepts, and the one-line message for what it refuses. */
class ConvertersTest {

    @Test
    void aPortIsZeroTo65535AndAFixedOneAtLeastOne() {
        assertThat(new Port().convert("0")).isZero();
        assertThat(new Port().convert(" 65535 ")).isEqualTo(65535);
        assertThatThrownBy(() -> new Port().convert("70000")).hasMessage("port must be 0..65535, got 70000");
        assertThatThrownBy(() -> new Port().convert("abc"))
                .hasMessage("not a port number (0..65535; 0 picks a free port)");
        assertThat(new Port.Fixed().convert("7800")).isEqualTo(7800);
        assertThatThrownBy(() -> new Port.Fixed().convert("0")).hasMessage("port must be 1..65535, got 0");
        assertThatThrownBy(() -> new Port.Fixed().convert("x")).hasMessage("not a port number (1..65535)");
    }

    @Test
    void aPortOrOffIsEmptyForOffInAnyCase() {
        assertThat(new PortOrOff().convert("OFF")).isEmpty();
        assertThat(new PortOrOff().convert("1433")).isEqualTo(OptionalInt.of(1433));
        assertThatThrownBy(() -> new PortOrOff().convert("of"))
                .hasMessage("not a port number (0..65535; 0 picks a free port) or off");
        assertThatThrownBy(() -> new PortOrOff().convert("-1")).hasMessage("port must be 0..65535, got -1");
    }

    @Test
    void sizesAndDurationsAreWrittenAsTheDocsWriteThem() {
        assertThat(new ByteSizeConverter().convert("64MiB")).isEqualTo(64L << 20);
        assertThat(new ByteSizeOrAuto().convert("Auto")).isEqualTo(OptionalLong.empty());
        assertThat(new ByteSizeOrAuto().convert("1KiB")).isEqualTo(OptionalLong.of(1024));
        assertThatThrownBy(() -> new ByteSizeConverter().convert("lots")).hasMessageStartingWith("not a byte size");
        assertThat(new DurationConverter().convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThatThrownBy(() -> new DurationConverter().convert("5x")).hasMessageStartingWith("not a duration");
    }

    @Test
    void addressesAndRanges() throws Exception {
        assertThat(new AddressConverter().convert("::1")).isEqualTo(InetAddress.getByName("::1"));
        assertThatThrownBy(() -> new AddressConverter().convert(" ")).hasMessageStartingWith("an address is needed");
        assertThat(new CidrRangeConverter().convert(" 10.0.0.0/8")).hasToString("10.0.0.0/8");
        assertThatThrownBy(() -> new CidrRangeConverter().convert("somehost"))
                .hasMessage("not an IP address or CIDR range: 'somehost'");
    }

    @Test
    void countsAreWholeNumbersOfAtLeastOne() {
        assertThat(new Count().convert("16")).isEqualTo(16);
        assertThatThrownBy(() -> new Count().convert("0")).hasMessage("must be at least 1, got 0");
        assertThatThrownBy(() -> new Count().convert("many")).hasMessage("not a whole number");
        assertThat(new WholeNumber().convert("-3")).isEqualTo(-3);
    }

    static final class Timed {
        @Option(names = "--every", defaultValue = "30s")
        Duration every;
    }

    /** Registered by type, so that an option holding a Duration needs no converter of its own. */
    @Test
    void durationsAreWrittenTheSameWayInEveryCommand() {
        Timed timed = new Timed();
        CommandLine commandLine = Converters.register(new CommandLine(timed));

        commandLine.parseArgs("--every", "2m");
        assertThat(timed.every).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> commandLine.parseArgs("--every", "PT2M"))
                .isInstanceOf(ParameterException.class)
                .hasRootCauseMessage(
                        "not a duration: 'PT2M' (examples: 500ms, 30s, 2m, 1h; a plain number means " + "seconds)");
    }
}
