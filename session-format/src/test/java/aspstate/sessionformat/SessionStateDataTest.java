package aspstate.sessionformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The session format read and written, against the worked examples of docs/spec/session-blob-format.md. */
class SessionStateDataTest {
    private static final Map<Integer, byte[]> SPEC_VALUES = SpecExamples.valueOfEachType();

    /** The Java value of each row of the spec's table "One value of each type", by type id. */
    static Stream<Arguments> everyTypeId() {
        return Stream.of(
                Arguments.of(1, "héllo €"),
                Arguments.of(2, -5),
                Arguments.of(3, true),
                Arguments.of(4, LocalDateTime.of(2000, 1, 1, 0, 0, 0, 123_456_700)),
                Arguments.of(5, new BigDecimal("1.50")),
                Arguments.of(6, DotNetInteger.ofByte(200)),
                Arguments.of(7, 'é'),
                Arguments.of(8, 1.5f),
                Arguments.of(9, 0.1),
                Arguments.of(10, (byte) -2),
                Arguments.of(11, Short.MIN_VALUE),
                Arguments.of(12, Long.MIN_VALUE),
                Arguments.of(13, DotNetInteger.ofUInt16(65535)),
                Arguments.of(14, DotNetInteger.ofUInt32(4_294_967_295L)),
                Arguments.of(
                        15, DotNetInteger.ofUInt64(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE))),
                Arguments.of(16, Duration.parse("PT26H3M4.5S")),
                Arguments.of(17, UUID.fromString("00112233-4455-6677-8899-aabbccddeeff")),
                Arguments.of(18, new DotNetInteger(DotNetType.INT_PTR, BigInteger.ONE.shiftLeft(40), 8)),
                Arguments.of(19, new DotNetInteger(DotNetType.UINT_PTR, BigInteger.valueOf(4_294_967_295L), 4)),
                Arguments.of(20, new byte[] {1, 2, 3}),
                Arguments.of(21, null));
    }

    @Test
    void theSpecHasAnExampleOfEveryTypeId() {
        assertThat(SPEC_VALUES.keySet())
                .containsExactlyElementsOf(
                        Stream.of(DotNetType.values()).map(DotNetType::tag).toList());
    }

    @ParameterizedTest(name = "type id {0}")
    @MethodSource
    void everyTypeId(int typeId, Object javaValue) {
        byte[] specBytes = SPEC_VALUES.get(typeId);
        byte[] blob = blobWithOneItem(specBytes);

        SessionStateData read = SessionStateData.read(blob);
        assertThat(read.items().typeOf("v")).isEqualTo(DotNetType.ofTag(typeId));
        assertThat(read.items().get("v")).isEqualTo(javaValue);

        SessionStateData written = SessionStateData.create(20);
        written.items().set("v", javaValue);
        assertThat(written.toBytes(false)).isEqualTo(blob);
    }

    @Test
    void theWorkedSessionBothWays() {
        byte[] spec = SpecExamples.workedSession();

        SessionStateData read = SessionStateData.read(spec);
        assertThat(read.timeoutMinutes()).isEqualTo(20);
        assertThat(read.items().names()).containsExactly("user", "count");
        assertThat(read.items().get("user")).isEqualTo("alice");
        assertThat(read.items().get("count")).isEqualTo(3);

        SessionStateData written = SessionStateData.create(20);
        written.items().set("user", "alice");
        written.items().set("count", 3);
        assertThat(written.toBytes(false)).isEqualTo(spec);
    }

    @Test
    void aFreshSessionBothWays() {
        byte[] spec = SpecExamples.freshSession();

        assertThat(SessionStateData.create(20).toBytes(false)).isEqualTo(spec);
        SessionStateData read = SessionStateData.read(spec);
        assertThat(read.timeoutMinutes()).isEqualTo(20);
        assertThat(read.items().size()).isZero();
    }

    @Test
    void compressedAsAspNetPadsItAndReadBackWithoutBeingTold() {
        SessionStateData session = SessionStateData.create(30);
        session.items().set("cart", "x".repeat(5000));

        byte[] compressed = session.toBytes(true);
        assertThat(compressed.length).isLessThan(200);
        assertThat(compressed[compressed.length - 1]).isEqualTo((byte) 0xFF);
        SessionStateData read = SessionStateData.read(compressed);
        assertThat(read.wasCompressed()).isTrue();
        assertThat(read.timeoutMinutes()).isEqualTo(30);
        assertThat(read.items().get("cart")).isEqualTo("x".repeat(5000));
    }

    @Test
    void anObjectDotNetWroteStaysItsBytesAndIsWrittenBackUnchanged() {
        byte[] nrbf = new DotNetBinaryWriter()
                .u8(0)
                .int32(1)
                .int32(-1)
                .int32(1)
                .int32(0)
                .u8(12)
                .int32(2)
                .string("MyApp, Version=1.0.0.0")
                .u8(5)
                .int32(1)
                .string("MyApp.Cart")
                .int32(0)
                .int32(2)
                .u8(11)
                .toByteArray();
        byte[] objectValue = new DotNetBinaryWriter().u8(20).bytes(nrbf).toByteArray();
        byte[] blob = blobWithItems("cart", objectValue, "n", SPEC_VALUES.get(2));

        SessionStateData session = SessionStateData.read(blob);
        DotNetObject cart = (DotNetObject) session.items().get("cart");
        assertThat(cart.typeName()).isEqualTo("MyApp.Cart");
        assertThat(cart.stream()).isEqualTo(nrbf);
        assertThat(session.items().isDirty()).isFalse();
        assertThat(session.toBytes(false)).isEqualTo(blob);

        session.items().set("n", 4);
        SessionStateData again = SessionStateData.read(session.toBytes(false));
        assertThat(((DotNetObject) again.items().get("cart")).stream()).isEqualTo(nrbf);
        assertThat(again.items().get("n")).isEqualTo(4);
    }

    @Test
    void anUntouchedItemKeepsTheBytesItWasReadFrom() {
        // A Boolean of 2 reads as true; written again it would be 1, left alone it stays 2.
        byte[] blob = blobWithItems("flag", new byte[] {3, 2}, "n", SPEC_VALUES.get(2));

        SessionStateData session = SessionStateData.read(blob);
        session.items().set("n", 7);
        byte[] written = session.toBytes(false);

        assertThat(written).isEqualTo(blobWithItems("flag", new byte[] {3, 2}, "n", new byte[] {2, 7, 0, 0, 0}));
    }

    @Test
    void namesAreComparedWithoutCaseAndKeepTheirFirstSpellingAndPlace() {
        SessionItems items = SessionStateData.create(20).items();
        items.set("UserName", "a");
        items.set("other", 1);
        items.set("USERNAME", "b");

        assertThat(items.names()).containsExactly("UserName", "other");
        assertThat(items.get("username")).isEqualTo("b");
        assertThat(items.remove("OTHER")).isEqualTo(1);
        assertThat(items.contains("Other")).isFalse();
    }

    @Test
    void theNullKeyItemRoundTrips() {
        SessionStateData session = SessionStateData.create(20);
        session.items().set("a", 1);
        session.items().set(null, "unnamed");

        SessionStateData read = SessionStateData.read(session.toBytes(false));
        assertThat(read.items().names()).containsExactly("a", null);
        assertThat(read.items().get(null)).isEqualTo("unnamed");
    }

    @Test
    void aByteArrayHandedOutIsWrittenAgainWithItsChanges() {
        SessionStateData session = SessionStateData.create(20);
        session.items().set("bytes", new byte[] {1, 2});
        SessionStateData read = SessionStateData.read(session.toBytes(false));

        byte[] bytes = (byte[]) read.items().get("bytes");
        bytes[0] = 9;

        assertThat(read.items().isDirty()).isTrue();
        assertThat(SessionStateData.read(read.toBytes(false)).items().get("bytes"))
                .isEqualTo(new byte[] {9, 2});
    }

    @Test
    void staticObjectsAreKeptAsTheyWere() {
        byte[] staticObjects = new DotNetBinaryWriter()
                .int32(1)
                .string("catalog")
                .bool(true)
                .u8(20)
                .bytes(new byte[] {0, 1, 2, 3})
                .toByteArray();
        byte[] blob = new DotNetBinaryWriter()
                .int32(20)
                .bool(true)
                .bool(true)
                .bytes(itemsOf("a", SPEC_VALUES.get(2)))
                .bytes(staticObjects)
                .u8(0xFF)
                .toByteArray();

        SessionStateData session = SessionStateData.read(blob);
        assertThat(session.hasStaticObjects()).isTrue();
        assertThat(session.toBytes(false)).isEqualTo(blob);
    }

    @Test
    void valuesDotNetCannotHoldExactlyAreRefusedAndTheItemsStayAsTheyWere() {
        SessionItems items = SessionStateData.create(20).items();
        items.set("kept", 1);

        assertRefused(items, new java.util.ArrayList<>(), "java.util.ArrayList has no .NET counterpart");
        assertRefused(items, "a\uD800b", "lone surrogate");
        assertRefused(items, '\uDC00', "lone surrogate");
        assertRefused(items, LocalDateTime.of(10_000, 1, 1, 0, 0), "outside a .NET DateTime's years");
        assertRefused(items, LocalDateTime.of(2000, 1, 1, 0, 0, 0, 1), "finer than a .NET DateTime's 100 ns");
        assertRefused(items, Duration.ofNanos(150), "finer than a .NET TimeSpan's 100 ns");
        assertRefused(items, Duration.ofSeconds(Long.MAX_VALUE), "longer than a .NET TimeSpan holds");
        assertRefused(items, new BigDecimal(BigInteger.ONE.shiftLeft(96)), "96 bits");
        assertRefused(items, new BigDecimal("1E-29"), "28 decimal places");
        assertThat(items.names()).containsExactly("kept");
        assertThat(items.contains("v")).isFalse();
    }

    @Test
    void decimalsKeepTheirScaleAndTakeExponentsAsDigits() {
        SessionStateData session = SessionStateData.create(20);
        session.items().set("a", new BigDecimal("1E+3"));
        session.items().set("b", new BigDecimal("1.000000000000000000000000000000"));
        SessionItems read = SessionStateData.read(session.toBytes(false)).items();

        assertThat(read.get("a")).isEqualTo(new BigDecimal("1000"));
        assertThat(read.get("b")).isEqualTo(new BigDecimal("1"));
    }

    @Test
    void aNameThatAppearsTwiceIsRefused() {
        byte[] blob = blobWithItems("a", SPEC_VALUES.get(2), "A", SPEC_VALUES.get(2));

        assertThatThrownBy(() -> SessionStateData.read(blob))
                .isInstanceOf(SessionFormatException.class)
                .hasMessageContaining("'A' appears twice");
    }

    @Test
    void bytesThatAreNotASessionSayWhatIsWrong() {
        assertThatThrownBy(() -> SessionStateData.read(new byte[] {20, 0, 0, 0, 1, 0, 5}))
                .isInstanceOf(SessionFormatException.class)
                .hasMessageContaining("in the middle of the item count");
        assertThatThrownBy(() ->
                        SessionStateData.read(new byte[] {20, 0, 0, 0, 1, 0, 0x7F, 0x7F, 0x7F, 0x7F, -1, -1, -1, -1}))
                .isInstanceOf(SessionFormatException.class)
                .hasMessageContaining("cannot fit");
    }

    private static void assertRefused(SessionItems items, Object value, String reason) {
        assertThatThrownBy(() -> items.set("v", value))
                .isInstanceOf(NotADotNetValueException.class)
                .hasMessageContaining(reason);
    }

    private static byte[] blobWithOneItem(byte[] value) {
        return new DotNetBinaryWriter()
                .int32(20)
                .bool(true)
                .bool(false)
                .bytes(itemsOf("v", value))
                .u8(0xFF)
                .toByteArray();
    }

    private static byte[] blobWithItems(String firstName, byte[] first, String secondName, byte[] second) {
        DotNetBinaryWriter out = new DotNetBinaryWriter()
                .int32(20)
                .bool(true)
                .bool(false)
                .int32(2)
                .int32(-1)
                .string(firstName)
                .string(secondName)
                .int32(first.length)
                .int32(first.length + second.length)
                .bytes(first)
                .bytes(second);
        return out.u8(0xFF).toByteArray();
    }

    private static byte[] itemsOf(String name, byte[] value) {
        return new DotNetBinaryWriter()
                .int32(1)
                .int32(-1)
                .string(name)
                .int32(value.length)
                .bytes(value)
                .toByteArray();
    }
}
