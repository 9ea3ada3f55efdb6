package aspstate.core.inspect;

import static aspstate.core.testing.SessionBlobBuilder.compress;
import static aspstate.core.testing.SessionBlobBuilder.int32Value;
import static aspstate.core.testing.SessionBlobBuilder.session;
import static aspstate.core.testing.SessionBlobBuilder.stringValue;
import static aspstate.core.testing.SessionBlobBuilder.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.testing.SessionBlobBuilder;
import aspstate.sessionformat.DotNetBinaryWriter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SessionBlobTest {

    /** The spec's worked example: timeout 20, Session["user"] = "alice", Session["count"] = 3. */
    private static final byte[] WORKED_EXAMPLE = hex("""
            14 00 00 00  01  00  02 00 00 00  FF FF FF FF
            04 75 73 65 72  05 63 6F 75 6E 74
            07 00 00 00  0C 00 00 00
            01 05 61 6C 69 63 65  02 03 00 00 00  FF""");

    /** DateTime(2000, 1, 1).Ticks in .NET. */
    private static final long TICKS_2000_01_01 = 630_822_816_000_000_000L;

    @Test
    void readsTheSpecsWorkedExample() {
        assertThat(WORKED_EXAMPLE).hasSize(46);

        DecodedSession session = SessionBlob.decode(WORKED_EXAMPLE);

        assertThat(session.problem()).isNull();
        assertThat(session.compressed()).isFalse();
        assertThat(session.timeoutMinutes()).isEqualTo(20);
        assertThat(session.staticObjects()).isZero();
        assertThat(session.items())
                .containsExactly(
                        new SessionItem("user", 1, "String", "alice", 7, null),
                        new SessionItem("count", 2, "Int32", "3", 5, null));
    }

    @Test
    void theTestBuilderWritesTheWorkedExampleByteForByte() {
        byte[] built = session(20)
                .item("user", stringValue("alice"))
                .item("count", int32Value(3))
                .build();

        assertThat(built).isEqualTo(WORKED_EXAMPLE);
    }

    @Test
    void readsAFreshUninitializedSession() {
        DecodedSession session = SessionBlob.decode(hex("14 00 00 00 00 00 FF"));

        assertThat(session).isEqualTo(new DecodedSession(false, 20, null, List.of(), 0, 0, null));
    }

    static Stream<Arguments> primitiveValues() {
        return Stream.of(
                arguments(value(1, out -> out.string("héllo €")), "String", "héllo €"),
                arguments(value(2, out -> out.int32(-5)), "Int32", "-5"),
                arguments(value(3, out -> out.u8(1)), "Boolean", "true"),
                arguments(value(3, out -> out.u8(0)), "Boolean", "false"),
                arguments(value(3, out -> out.u8(2)), "Boolean", "true"),
                arguments(value(4, out -> out.int64(0)), "DateTime", "0001-01-01T00:00:00"),
                arguments(
                        value(4, out -> out.int64(TICKS_2000_01_01 + 1_234_567)),
                        "DateTime",
                        "2000-01-01T00:00:00.1234567"),
                arguments(value(4, out -> out.int64(TICKS_2000_01_01 | 1L << 62)), "DateTime", "2000-01-01T00:00:00"),
                arguments(
                        value(4, out -> out.int64(3_155_378_975_999_999_999L)),
                        "DateTime",
                        "9999-12-31T23:59:59.9999999"),
                arguments(value(5, out -> out.int32(150).int32(0).int32(0).int32(2 << 16)), "Decimal", "1.50"),
                arguments(
                        value(5, out -> out.int32(-1).int32(-1).int32(-1).int32(0x8000_0000)),
                        "Decimal",
                        "-79228162514264337593543950335"),
                arguments(
                        value(5, out -> out.int32(1).int32(0).int32(0).int32(28 << 16)),
                        "Decimal",
                        "0.0000000000000000000000000001"),
                arguments(value(6, out -> out.u8(200)), "Byte", "200"),
                arguments(value(7, out -> out.u8('A')), "Char", "A"),
                arguments(value(7, out -> out.bytes(hex("C3 A9"))), "Char", "é"),
                arguments(value(7, out -> out.bytes(hex("E2 82 AC"))), "Char", "€"),
                arguments(value(8, out -> out.int32(Float.floatToIntBits(1.5f))), "Single", "1.5"),
                arguments(value(9, out -> out.int64(Double.doubleToLongBits(0.1))), "Double", "0.1"),
                arguments(value(10, out -> out.u8(0xFE)), "SByte", "-2"),
                arguments(value(11, out -> out.int16(0x8000)), "Int16", "-32768"),
                arguments(value(12, out -> out.int64(Long.MIN_VALUE)), "Int64", "-9223372036854775808"),
                arguments(value(13, out -> out.int16(0xFFFF)), "UInt16", "65535"),
                arguments(value(14, out -> out.int32(-1)), "UInt32", "4294967295"),
                arguments(value(15, out -> out.int64(-1)), "UInt64", "18446744073709551615"),
                arguments(value(16, out -> out.int64(937_845_000_000L)), "TimeSpan", "1.02:03:04.5000000"),
                arguments(value(16, out -> out.int64(-1)), "TimeSpan", "-00:00:00.0000001"),
                arguments(value(16, out -> out.int64(36_000_000_000L)), "TimeSpan", "01:00:00"),
                arguments(value(16, out -> out.int64(Long.MIN_VALUE)), "TimeSpan", "-10675199.02:48:05.4775808"),
                arguments(
                        value(17, out -> out.bytes(hex("33 22 11 00 55 44 77 66 88 99 AA BB CC DD EE FF"))),
                        "Guid",
                        "00112233-4455-6677-8899-aabbccddeeff"),
                arguments(value(18, out -> out.int32(-1)), "IntPtr", "-1"),
                arguments(value(18, out -> out.int64(1L << 40)), "IntPtr", "1099511627776"),
                arguments(value(19, out -> out.int32(-1)), "UIntPtr", "4294967295"),
                arguments(value(19, out -> out.int64(-1)), "UIntPtr", "18446744073709551615"),
                arguments(value(21, out -> {}), "Null", null));
    }

    @ParameterizedTest(name = "{1} {2}")
    @MethodSource
    void primitiveValues(byte[] value, String type, String text) {
        DecodedSession session = SessionBlob.decode(session(20).item("v", value).build());

        assertThat(session.problem()).isNull();
        assertThat(session.items()).containsExactly(new SessionItem("v", value[0], type, text, value.length, null));
    }

    @Test
    void theNullKeyItemHasNoName() {
        byte[] blob = session(5)
                .item("a", int32Value(1))
                .item(null, stringValue("anonymous"))
                .item("b", int32Value(2))
                .build();

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem()).isNull();
        assertThat(session.items()).extracting(SessionItem::name).containsExactly("a", null, "b");
        assertThat(session.items().get(1).value()).isEqualTo("anonymous");
    }

    @Test
    void readsACompressedBlob() {
        byte[] blob = compress(session(30)
                .item("user", stringValue("alice"))
                .item("count", int32Value(3))
                .build());

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem()).isNull();
        assertThat(session.compressed()).isTrue();
        assertThat(session.timeoutMinutes()).isEqualTo(30);
        assertThat(session.items())
                .extracting(SessionItem::name, SessionItem::value)
                .containsExactly(tuple("user", "alice"), tuple("count", "3"));
    }

    @Test
    void aCompressedBlobWhoseEnvelopeIsCutShortKeepsItsItemsAndSaysWhereInTheInflatedData() {
        byte[] blob = compress(Arrays.copyOf(WORKED_EXAMPLE, 40));

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.compressed()).isTrue();
        assertThat(session.items()).extracting(SessionItem::name).containsExactly("user");
        assertThat(session.problem()).startsWith("in the inflated data: item 1 ('count'): the data ends at byte 40");
    }

    @Test
    void namesTheClassOfAnObjectFromItsBinaryFormatterStream() {
        byte[] nrbf = new DotNetBinaryWriter()
                .u8(0)
                .int32(1)
                .int32(-1)
                .int32(1)
                .int32(0) // SerializationHeaderRecord
                .u8(12)
                .int32(2)
                .string("MyApp, Version=1.0.0.0") // BinaryLibrary
                .u8(5)
                .int32(1)
                .string("MyApp.Cart") // ClassWithMembersAndTypes: ClassInfo
                .int32(1)
                .string("lines") //   one member, its name
                .u8(0)
                .u8(8) //   Primitive, Int32
                .int32(2) //   library id
                .int32(42) //   the member's value
                .u8(11) // MessageEnd
                .toByteArray();
        byte[] object = value(20, out -> out.bytes(nrbf));

        DecodedSession session = SessionBlob.decode(
                session(20).item("cart", object).item("n", int32Value(1)).build());

        assertThat(session.problem()).isNull();
        assertThat(session.items())
                .containsExactly(
                        new SessionItem("cart", 20, "Object", null, object.length, "MyApp.Cart"),
                        new SessionItem("n", 2, "Int32", "1", 5, null));
    }

    @Test
    void anObjectWhoseStreamIsNotBinaryFormatterHasNoClassName() {
        byte[] object = value(20, out -> out.bytes(hex("01 02 03")));

        DecodedSession session =
                SessionBlob.decode(session(20).item("o", object).build());

        assertThat(session.problem()).isNull();
        assertThat(session.items()).containsExactly(new SessionItem("o", 20, "Object", null, 4, null));
    }

    @Test
    void longStringsAreCutButTheirSizeIsTheRealOne() {
        String text = "x".repeat(5000);
        byte[] value = stringValue(text);

        SessionItem item = SessionBlob.decode(session(20).item("long", value).build())
                .items()
                .get(0);

        assertThat(item.value()).isEqualTo("x".repeat(SessionBlob.PREVIEW_CHARS) + SessionBlob.CUT_MARKER);
        assertThat(item.sizeBytes()).isEqualTo(1 + 2 + 5000);
    }

    @Test
    void itemsBeyondTheShownOnesAreCountedAndSkippedUndecoded() {
        SessionBlobBuilder blob = session(20);
        int count = SessionBlob.MAX_ITEMS_SHOWN + 500;
        for (int i = 0; i < count; i++) {
            blob.item("k" + i, stringValue("v" + i));
        }
        blob.staticObject("app", out -> out.bool(false).string("System.Object").bool(false));

        DecodedSession session = SessionBlob.decode(compress(blob.build()));

        assertThat(session.problem()).isNull();
        assertThat(session.itemCount()).isEqualTo(count);
        assertThat(session.items()).hasSize(SessionBlob.MAX_ITEMS_SHOWN);
        assertThat(session.items().get(SessionBlob.MAX_ITEMS_SHOWN - 1).name())
                .isEqualTo("k" + (SessionBlob.MAX_ITEMS_SHOWN - 1));
        assertThat(session.staticObjects())
                .as("what follows the skipped items is still read")
                .isEqualTo(1);
    }

    @Test
    void staticObjectsAreCountedAndSkipped() {
        byte[] blob = session(20)
                .item("a", int32Value(1))
                .staticObject(
                        "declared", out -> out.bool(false).string("MyApp.Thing").bool(true))
                .staticObject("number", out -> out.bool(true).bytes(int32Value(7)))
                .build();

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem()).isNull();
        assertThat(session.staticObjects()).isEqualTo(2);
        assertThat(session.items()).hasSize(1);
    }

    @Test
    void aStaticObjectHoldingAnObjectCannotBeSkipped() {
        byte[] blob = session(20)
                .item("a", int32Value(1))
                .staticObject("cart", out -> out.bool(true).bytes(value(20, o -> o.bytes(hex("00 01")))))
                .build();

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem())
                .startsWith("static object 0: the Object value at byte")
                .contains("no recorded size");
        assertThat(session.items()).hasSize(1);
    }

    @Test
    void bytesAfterTheEndMarkerAreIgnored() {
        byte[] blob = Arrays.copyOf(WORKED_EXAMPLE, WORKED_EXAMPLE.length + 3);

        assertThat(SessionBlob.decode(blob).problem()).isNull();
    }

    @Test
    void noDataIsAProblemNotAnException() {
        assertThat(SessionBlob.decode(null).problem()).isEqualTo("no data");
        assertThat(SessionBlob.decode(new byte[0]).problem()).contains("in the middle of the timeout");
    }

    @Test
    void aMissingEndMarkerIsNamed() {
        byte[] blob = WORKED_EXAMPLE.clone();
        blob[45] = 0;

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem()).isEqualTo("not ASP.NET session data: no end marker at byte 45");
        assertThat(session.items()).hasSize(2);
    }

    static IntStream truncatedLengths() {
        return IntStream.range(0, WORKED_EXAMPLE.length);
    }

    @ParameterizedTest(name = "first {0} bytes")
    @MethodSource("truncatedLengths")
    void everyTruncationOfTheWorkedExampleIsAProblem(int length) {
        DecodedSession session = SessionBlob.decode(Arrays.copyOf(WORKED_EXAMPLE, length));

        assertThat(session.problem()).isNotNull();
        assertThat(session.items()).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void theItemsBeforeATruncationAreKept() {
        DecodedSession session = SessionBlob.decode(Arrays.copyOf(WORKED_EXAMPLE, 40));

        assertThat(session.items()).extracting(SessionItem::name).containsExactly("user");
        assertThat(session.problem())
                .isEqualTo("item 1 ('count'): the data ends at byte 40 in the middle of the span "
                        + "the offsets table gives it (5 bytes from byte 40, 0 there)");
    }

    @Test
    void aHugeItemCountIsRefusedBeforeAnythingIsAllocated() {
        DecodedSession session = SessionBlob.decode(hex("14 00 00 00 01 00 FF FF FF 7F FF FF FF FF FF"));

        assertThat(session.problem()).isEqualTo("item count 2147483647 cannot fit in the 1 bytes after byte 14");
        assertThat(session.timeoutMinutes()).isEqualTo(20);
    }

    @Test
    void aHugeStringLengthIsCheckedAgainstTheBytesThere() {
        DecodedSession session = SessionBlob.decode(hex("14 00 00 00 01 00 01 00 00 00 FF FF FF FF FF FF FF FF 07 61"));

        assertThat(session.problem())
                .isEqualTo("the data ends at byte 20 in the middle of key 0 "
                        + "(2147483647 bytes from byte 19, 1 there)");
    }

    @Test
    void offsetsGoingBackwardsStopAtTheItemTheyBreak() {
        byte[] blob = WORKED_EXAMPLE.clone();
        blob[29] = 0x03; // the second end offset, 12, becomes 3: before the first one, 7

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.items()).extracting(SessionItem::name).containsExactly("user");
        assertThat(session.problem()).startsWith("item 1 ('count'): the offsets table goes backwards");
    }

    @Test
    void aValueShorterThanItsSpanIsAProblem() {
        byte[] blob = session(20).item("a", value(2, out -> out.int32(1).u8(0))).build();

        assertThat(SessionBlob.decode(blob).problem())
                .isEqualTo("item 0 ('a'): its Int32 value ends at byte 25, 1 bytes before its span does");
    }

    @Test
    void aValueLongerThanItsSpanIsAProblem() {
        byte[] blob = session(20).item("a", value(2, out -> out.int16(1))).build();

        assertThat(SessionBlob.decode(blob).problem())
                .isEqualTo("item 0 ('a'): its span ends at byte 23 in the middle of its Int32 value "
                        + "(4 bytes from byte 21, 2 there)");
    }

    @Test
    void anUnknownTagIsAProblem() {
        byte[] blob = session(20)
                .item("a", int32Value(1))
                .item("b", value(99, out -> {}))
                .build();

        DecodedSession session = SessionBlob.decode(blob);

        assertThat(session.problem()).isEqualTo("item 1 ('b'): unknown type tag 99 at byte 31");
        assertThat(session.items()).hasSize(1);
    }

    @Test
    void anInvalidDecimalIsAProblem() {
        byte[] blob = session(20)
                .item("d", value(5, out -> out.int32(1).int32(0).int32(0).int32(29 << 16)))
                .build();

        assertThat(SessionBlob.decode(blob).problem())
                .isEqualTo("item 0 ('d'): Decimal flags 0x001D0000 are not a sign and a scale of 0-28");
    }

    @Test
    void dataThatInflatesToExactlyTheLimitIsRead() {
        byte[] envelope = session(20).item("k", stringValue("v")).build();

        DecodedSession session = SessionBlob.decode(compress(envelope), envelope.length);

        assertThat(session.problem()).isNull();
        assertThat(session.items()).extracting(SessionItem::value).containsExactly("v");
    }

    @Test
    void aZipBombStopsAtTheInflationLimit() {
        byte[] bomb = compress(new byte[1_000_000]);

        DecodedSession session = SessionBlob.decode(bomb, 64 * 1024);

        assertThat(session.compressed()).isTrue();
        assertThat(session.problem())
                .isEqualTo("compressed data inflates to more than 65536 bytes, the reader's limit");
        assertThat(session.items()).isEmpty();
    }

    private static byte[] hex(String text) {
        return HexFormat.of().parseHex(text.replaceAll("\\s", ""));
    }
}
