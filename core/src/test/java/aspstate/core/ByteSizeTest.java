package aspstate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Byte sizes as the configuration writes them (--max-memory, body limit). */
class ByteSizeTest {

    private static final long KIB = 1024L;
    private static final long MIB = 1024L * KIB;
    private static final long GIB = 1024L * MIB;
    private static final long TIB = 1024L * GIB;

    static Stream<Arguments> valid() {
        return Stream.of(
                arguments("1048576", 1_048_576L),
                arguments("0", 0L),
                arguments("9223372036854775807", Long.MAX_VALUE),
                arguments("64KiB", 64 * KIB),
                arguments("64MiB", 64 * MIB),
                arguments("2GiB", 2 * GIB), // above Integer.MAX_VALUE: must be long arithmetic
                arguments("512m", 512 * MIB),
                arguments("512M", 512 * MIB),
                arguments("512MB", 512 * MIB),
                arguments("512mb", 512 * MIB),
                arguments("64kib", 64 * KIB),
                arguments("64KIB", 64 * KIB),
                arguments("64k", 64 * KIB),
                arguments("1g", GIB),
                arguments("3GB", 3 * GIB),
                arguments("1TiB", TIB),
                arguments("8388607TiB", 8_388_607L * TIB), // the largest TiB count that fits in a long
                arguments("100B", 100L),
                arguments("100b", 100L),
                arguments("64 MiB", 64 * MIB),
                arguments("  64MiB  ", 64 * MIB),
                arguments("\t64 \tKiB\n", 64 * KIB),
                arguments("007", 7L));
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @MethodSource
    void valid(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments("", "not a byte size: ''"),
                arguments("   ", "not a byte size: '   '"),
                arguments("garbage", "not a byte size: 'garbage'"),
                arguments("MiB", "not a byte size: 'MiB'"),
                arguments("-1", "not a byte size: '-1'"),
                arguments("+5", "not a byte size: '+5'"),
                arguments("64XB", "unknown unit in byte size '64XB'"),
                arguments("64 PiB", "unknown unit in byte size '64 PiB'"),
                arguments("64KiBs", "unknown unit in byte size '64KiBs'"),
                arguments("1.5GiB", "unknown unit in byte size '1.5GiB'"),
                arguments("64 M iB", "unknown unit in byte size '64 M iB'"),
                arguments("9223372036854775808", "byte size too large: '9223372036854775808'"),
                arguments("99999999999999999999999KiB", "byte size too large: '99999999999999999999999KiB'"),
                arguments("8388608TiB", "byte size too large: '8388608TiB'"),
                arguments("8589934592GiB", "byte size too large: '8589934592GiB'"));
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @MethodSource
    void invalid(String text, String message) {
        assertThatThrownBy(() -> ByteSize.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    /** The messages tell the user what is accepted, not just what is wrong. */
    @ParameterizedTest
    @ValueSource(strings = {"garbage", "12 parsecs"})
    void errorMessagesShowExamplesOfWhatIsAccepted(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text))
                .hasMessageContaining("MiB")
                .hasMessageContaining("GiB");
    }

    static Stream<Arguments> format() {
        return Stream.of(
                arguments(0L, "0 B"),
                arguments(1L, "1 B"),
                arguments(1023L, "1023 B"),
                arguments(1024L, "1 KiB"),
                arguments(1536L, "1536 B"), // not a whole KiB: exact bytes rather than a rounded 1.5 KiB
                arguments(64 * KIB, "64 KiB"),
                arguments(MIB, "1 MiB"),
                arguments(MIB + 1, "1048577 B"),
                arguments(64 * MIB, "64 MiB"),
                arguments(1536 * KIB, "1536 KiB"),
                arguments(2 * GIB, "2 GiB"),
                arguments(3 * TIB, "3 TiB"),
                arguments(1024 * TIB, "1024 TiB")); // no unit above TiB
    }

    @ParameterizedTest(name = "{0} -> \"{1}\"")
    @MethodSource
    void format(long bytes, String text) {
        assertThat(ByteSize.format(bytes)).isEqualTo(text);
    }

    /** Whatever format prints reads back as the same number. */
    @ParameterizedTest
    @ValueSource(longs = {0L, 1536L, 1024L, 64 * KIB, 64 * MIB, 2 * GIB, 3 * TIB})
    void formatOfWholeUnitsParsesBack(long bytes) {
        assertThat(ByteSize.parse(ByteSize.format(bytes))).isEqualTo(bytes);
    }
}
