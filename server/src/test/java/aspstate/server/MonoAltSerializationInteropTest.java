package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.sessionformat.DotNetBinaryWriter;
import aspstate.sessionformat.DotNetInteger;
import aspstate.sessionformat.SessionStateData;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session format's value encodings against a real implementation: Mono's own System.Web.Util.AltSerialization
 * (Debian's Mono 6.8), run through src/test/dotnet/MonoAltSerialization.cs. Mono writes each value's type id as
 * its System.TypeCode, which is .NET's AltSerialization type id only for Boolean (3) and Byte (6) (checked first,
 * below); for those the whole value must match byte for byte, for the others the payload after the type id, which
 * both write with BinaryWriter. A byte[] is the same BinaryFormatter stream on both sides. Mono's session
 * collection has no offsets table and is no reference for the layout around the values.
 */
class MonoAltSerializationInteropTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    /** System.TypeCode, which Mono writes as the type id. */
    private static final Map<String, Integer> MONO_TYPE_IDS = Map.ofEntries(
            Map.entry("Byte[]", 1),
            Map.entry("Boolean", 3),
            Map.entry("Char", 4),
            Map.entry("SByte", 5),
            Map.entry("Byte", 6),
            Map.entry("Int16", 7),
            Map.entry("UInt16", 8),
            Map.entry("Int32", 9),
            Map.entry("UInt32", 10),
            Map.entry("Int64", 11),
            Map.entry("UInt64", 12),
            Map.entry("Single", 13),
            Map.entry("Double", 14),
            Map.entry("Decimal", 15),
            Map.entry("DateTime", 16),
            Map.entry("String", 18));

    /** A value in Mono's text form (MonoAltSerialization.cs) and as Java holds it. */
    private record Case(String type, String text, Object java) {
        String line() {
            return type + " " + text;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("Boolean", "True", true),
            new Case("Byte", "200", DotNetInteger.ofByte(200)),
            new Case("SByte", "-2", (byte) -2),
            new Case("Int16", "-32768", Short.MIN_VALUE),
            new Case("UInt16", "65535", DotNetInteger.ofUInt16(65535)),
            new Case("Int32", "-5", -5),
            new Case("UInt32", "4294967295", DotNetInteger.ofUInt32(4_294_967_295L)),
            new Case("Int64", "-9223372036854775808", Long.MIN_VALUE),
            new Case(
                    "UInt64",
                    "18446744073709551615",
                    DotNetInteger.ofUInt64(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))),
            new Case("Single", "1.5", 1.5f),
            new Case("Double", "0.1", 0.1),
            new Case("Decimal", "-79228162514264337593543950335", new BigDecimal("-79228162514264337593543950335")),
            new Case("Decimal", "1.50", new BigDecimal("1.50")),
            new Case("DateTime", "630822816001234567", LocalDateTime.of(2000, 1, 1, 0, 0, 0, 123_456_700)),
            new Case("Char", "233", 'é'),
            new Case("Char", "8364", '€'),
            new Case("String", base64("héllo € \uD83D\uDE00"), "héllo € \uD83D\uDE00"),
            new Case("Byte[]", "010203", new byte[] {1, 2, 3}));

    private static Path program;

    @BeforeAll
    static void compile() throws IOException, InterruptedException {
        Path out = Files.createDirectories(Path.of("target", "dotnet")).resolve("MonoAltSerialization.exe");
        BoundedProcess.Result compiled = BoundedProcess.run(
                List.of(
                        InteropClients.mcs().toString(),
                        "-r:System.Web.dll",
                        "-out:" + out,
                        "src/test/dotnet/MonoAltSerialization.cs"),
                Map.of(),
                "",
                LIMIT);
        assertThat(compiled.exitCode())
                .as("mcs: %s %s", compiled.stdout(), compiled.stderr())
                .isZero();
        program = out;
    }

    @Test
    void monosTypeIdsAreDotNetsOnlyForBooleanAndByte() throws Exception {
        Map<Case, byte[]> mono = monoWrites();
        Set<String> matching = new TreeSet<>();
        for (Case each : CASES) {
            assertThat(mono.get(each)[0] & 0xFF).as(each.type()).isEqualTo(MONO_TYPE_IDS.get(each.type()));
            if (mono.get(each)[0] == ours(each.java())[0]) {
                matching.add(each.type());
            }
        }
        assertThat(matching).containsExactly("Boolean", "Byte");
    }

    @Test
    void whereTheTypeIdsMatchTheWholeValueIsMonosAndElsewhereThePayload() throws Exception {
        Map<Case, byte[]> mono = monoWrites();
        for (Case each : CASES) {
            byte[] ours = ours(each.java());
            byte[] theirs = mono.get(each);
            if (Set.of("Boolean", "Byte").contains(each.type())) {
                assertThat(ours).as(each.line()).isEqualTo(theirs);
            }
            assertThat(Arrays.copyOfRange(ours, 1, ours.length))
                    .as(each.line())
                    .isEqualTo(Arrays.copyOfRange(theirs, 1, theirs.length));
        }
    }

    @Test
    void monoReadsTheValuesTheSessionFormatWrites() throws Exception {
        StringBuilder input = new StringBuilder();
        for (Case each : CASES) {
            byte[] ours = ours(each.java());
            ours[0] = (byte) (int) MONO_TYPE_IDS.get(each.type()); // the same payload under Mono's type id
            input.append(HexFormat.of().formatHex(ours)).append('\n');
        }
        List<String> read = mono("read", input.toString());
        for (int i = 0; i < CASES.size(); i++) {
            assertThat(read.get(i)).isEqualTo(CASES.get(i).line());
        }
    }

    @Test
    void theSessionFormatReadsTheValuesMonoWrites() throws Exception {
        Map<Case, byte[]> mono = monoWrites();
        for (Case each : CASES) {
            byte[] value = mono.get(each).clone();
            value[0] = ours(each.java())[0]; // the same payload under .NET's type id
            SessionStateData read = SessionStateData.read(blobWithOneItem(value));
            assertThat(read.items().get("v")).as(each.line()).isEqualTo(each.java());
        }
    }

    private static Map<Case, byte[]> monoWrites() throws IOException, InterruptedException {
        StringBuilder input = new StringBuilder();
        CASES.forEach(each -> input.append(each.line()).append('\n'));
        List<String> written = mono("write", input.toString());
        Map<Case, byte[]> bytes = new LinkedHashMap<>();
        for (int i = 0; i < CASES.size(); i++) {
            bytes.put(CASES.get(i), HexFormat.of().parseHex(written.get(i).toLowerCase()));
        }
        return bytes;
    }

    private static List<String> mono(String mode, String input) throws IOException, InterruptedException {
        BoundedProcess.Result result = BoundedProcess.run(
                List.of(InteropClients.mono().toString(), program.toString(), mode), Map.of(), input, LIMIT);
        assertThat(result.exitCode())
                .as("MonoAltSerialization %s: %s", mode, result.stderr())
                .isZero();
        assertThat(result.stdout()).hasSize(CASES.size());
        return result.stdout();
    }

    /** The value as the session format writes it: its type id and payload, cut from a session of one item. */
    private static byte[] ours(Object value) {
        SessionStateData session = SessionStateData.create(20);
        session.items().set("v", value);
        byte[] blob = session.toBytes(false);
        int valueStart = 4 + 1 + 1 + 4 + 4 + 2 + 4;
        return Arrays.copyOfRange(blob, valueStart, blob.length - 1);
    }

    private static byte[] blobWithOneItem(byte[] value) {
        return new DotNetBinaryWriter()
                .int32(20)
                .bool(true)
                .bool(false)
                .int32(1)
                .int32(-1)
                .string("v")
                .int32(value.length)
                .bytes(value)
                .u8(0xFF)
                .toByteArray();
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
