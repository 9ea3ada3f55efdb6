package aspstate.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.store.MemoryStoreSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

class MemoryFootprintTest {

    @Test
    void smallRunReportsASaneOverhead() {
        MemoryFootprint.Options options =
                new MemoryFootprint.Options(20_000, 1024, AspNetKeys.DEFAULT_LENGTH, true, 10);
        ByteArrayOutputStream progress = new ByteArrayOutputStream();

        MemoryFootprint.Report report =
                MemoryFootprint.measure(options, new PrintStream(progress, true, StandardCharsets.UTF_8));

        assertThat(report.statistics().active()).isEqualTo(20_000);
        assertThat(report.statistics().storedBytes())
                .as("key + payload + the store's per-entry overhead estimate, as charged against max-memory")
                .isEqualTo(20_000L * (80 + 1024 + MemoryStoreSettings.DEFAULT_ENTRY_OVERHEAD_BYTES));
        assertThat(report.keyPlusPayloadPerSession()).isEqualTo(1104);
        // At 20k sessions the heap delta is noisier than at 1M, but the overhead is still clearly positive and
        // nowhere near a kilobyte.
        assertThat(report.overheadPerSession()).isBetween(1.0, 1000.0);
        // The histogram counts exact object sizes: every session has at least its entry, String and table slots.
        assertThat(report.histogramOverheadPerSession()).isBetween(100.0, 1000.0);
        assertThat(report.deltas()).anySatisfy(d -> {
            assertThat(d.className()).isEqualTo("aspstate.core.stateserver.SessionEntry");
            assertThat(d.instances()).isEqualTo(20_000);
        });
        assertThat(report.topClasses()).isNotEmpty();
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("100%");

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        MemoryFootprint.print(report, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("OVERHEAD per session", "SessionEntry", "estimated overhead, OK");
    }

    @Test
    void keysAreDistinctRealLookingAndOfTheRequestedLength() {
        AspNetKeys keys = new AspNetKeys(80);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50_000; i++) {
            String key = keys.key(i);
            assertThat(key).hasSize(80).startsWith("/LM/W3SVC/1/ROOT/").matches(".*\\)/[a-z0-5]{24}");
            assertThat(seen.add(key)).isTrue();
        }
        assertThat(new AspNetKeys(30).key(1)).hasSize(30);
        assertThat(new AspNetKeys(13).key(1)).matches("[a-z0-5]{13}");
        assertThatThrownBy(() -> new AspNetKeys(12)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void parsesTheCommandLine() {
        MemoryFootprint.Arguments arguments = new MemoryFootprint.Arguments();
        new CommandLine(arguments)
                .parseArgs("--sessions", "1000", "--payload=512", "--key-length", "60", "--no-histogram");
        assertThat(arguments.options()).isEqualTo(new MemoryFootprint.Options(1000, 512, 60, false, 10));

        MemoryFootprint.Arguments defaults = new MemoryFootprint.Arguments();
        new CommandLine(defaults).parseArgs();
        assertThat(defaults.options())
                .isEqualTo(new MemoryFootprint.Options(1_000_000, 1024, AspNetKeys.DEFAULT_LENGTH, true, 10));
        assertThatThrownBy(() -> new CommandLine(new MemoryFootprint.Arguments()).parseArgs("--sessions", "0"))
                .isInstanceOf(ParameterException.class)
                .hasRootCauseMessage("must be at least 1, got 0");
        assertThatThrownBy(() -> new CommandLine(new MemoryFootprint.Arguments()).parseArgs("--bogus"))
                .isInstanceOf(ParameterException.class);
    }
}
