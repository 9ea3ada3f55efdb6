package aspstate.tds.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every type codec: what it writes reads back through TYPE_INFO, and bytes worked out from [MS-TDS] 2.2.5. */
class TypeCodecTest {
    static Stream<Arguments> valuesOfEveryType() {
        LocalDateTime when = LocalDateTime.of(2026, 11, 21, 8, 30, 15, 120_000_000);
        return Stream.of(
                Arguments.of(IntNType.INT, -5),
                Arguments.of(IntNType.BIGINT, 1L << 40),
                Arguments.of(IntNType.TINYINT, 255),
                Arguments.of(IntNType.SMALLINT, -300),
                Arguments.of(BitNType.BIT, true),
                Arguments.of(BitNType.BIT, false),
                Arguments.of(BigVarBinaryType.of(7000), new byte[] {1, 2, 3}),
                Arguments.of(BigVarBinaryType.of(7000), new byte[0]),
                Arguments.of(BigVarBinaryType.MAX, new byte[70_000]),
                Arguments.of(BigVarBinaryType.MAX, new byte[0]),
                Arguments.of(NVarCharType.ofCharacters(88), "sessionid-€"),
                Arguments.of(NVarCharType.MAX, "x".repeat(9000)),
                Arguments.of(SingleByteCharType.varchar(280), "/LM/W3SVC/1/ROOT/é"),
                Arguments.of(SingleByteCharType.fixedChar(10), "2         "),
                Arguments.of(DateTimeNType.DATETIME, when),
                Arguments.of(DateTimeNType.SMALLDATETIME, when.withSecond(0).withNano(0)),
                Arguments.of(FltNType.FLOAT, 1200.5),
                Arguments.of(FltNType.REAL, -0.25),
                Arguments.of(
                        DateTimeOffsetNType.DATETIMEOFFSET,
                        when.plusNanos(4_567_800).atOffset(ZoneOffset.UTC)),
                Arguments.of(DateTimeOffsetNType.DATETIMEOFFSET, when.atOffset(ZoneOffset.ofHoursMinutes(-5, -30))));
    }

    @ParameterizedTest
    @MethodSource("valuesOfEveryType")
    void valueReadsBackThroughItsTypeInfo(TdsType<Object> type, Object value) {
        for (Object written : new Object[] {value, null}) {
            ByteBuf out = Unpooled.buffer();
            type.writeTypeInfo(out);
            type.writeValue(out, written);
            TdsType<?> read = TypeInfo.read(out);
            assertThat(read.toString()).isEqualTo(type.toString());
            assertThat(read.readValue(out)).isEqualTo(written);
            assertThat(out.isReadable()).isFalse();
        }
    }

    private static String hex(TdsType<Object> type, Object value) {
        ByteBuf out = Unpooled.buffer();
        type.writeTypeInfo(out);
        type.writeValue(out, value);
        return ByteBufUtil.hexDump(out);
    }

    @SuppressWarnings("unchecked")
    private static <T> TdsType<Object> raw(TdsType<T> type) {
        return (TdsType<Object>) type;
    }

    @Test
    void varbinaryMaxIsPlpOfOneChunkAndATerminator() {
        assertThat(hex(raw(BigVarBinaryType.MAX), new byte[] {(byte) 0xAB, (byte) 0xCD}))
                .isEqualTo("a5ffff" + "0200000000000000" + "02000000abcd" + "00000000");
        assertThat(hex(raw(BigVarBinaryType.MAX), null)).isEqualTo("a5ffff" + "ffffffffffffffff");
        assertThat(hex(raw(BigVarBinaryType.of(7000)), null)).isEqualTo("a5581b" + "ffff");
    }

    @Test
    void plpOfUnknownLengthInSeveralChunksIsJoined() {
        ByteBuf in = Unpooled.wrappedBuffer(
                ByteBufUtil.decodeHexDump("feffffffffffffff" + "020000000102" + "01000000" + "03" + "00000000"));
        assertThat(BigVarBinaryType.MAX.readValue(in)).containsExactly(1, 2, 3);
        assertThat(in.isReadable()).isFalse();
    }

    @Test
    void plpWhoseChunksDisagreeWithItsLengthBreaksTheProtocol() {
        ByteBuf in = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("0300000000000000" + "0100000001" + "00000000"));
        assertThatThrownBy(() -> BigVarBinaryType.MAX.readValue(in)).isInstanceOf(TdsProtocolException.class);
    }

    /** A PLP length with the top bit set is read as the unsigned length it is, not as a negative array size. */
    @Test
    void plpLengthsAreUnsigned() {
        ByteBuf in = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("00000080ffffffff" + "0100000001" + "00000000"));
        assertThatThrownBy(() -> BigVarBinaryType.MAX.readValue(in))
                .isInstanceOf(TdsProtocolException.class)
                .hasMessageContaining("18446744071562067968 bytes");
    }

    @Test
    void aLengthPastTheEndBreaksTheProtocol() {
        ByteBuf in = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("feff" + "0102"));
        assertThatThrownBy(() -> BigVarBinaryType.of(8000).readValue(in))
                .isInstanceOf(TdsProtocolException.class)
                .hasMessageContaining("65534 bytes");
    }

    /**
     * A datetime2 time field past one day must not throw DateTimeException (logged as a fault of the server), and
     * datetime and smalldatetime values outside SQL Server's range must not be read as other days.
     */
    @Test
    void dateTimesOutsideSqlServersRangeBreakTheProtocol() {
        // datetime2(7): 5 time bytes of 2^40 - 1 units (30.5 hours), day 1.
        ByteBuf pastADay = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2a07" + "08" + "ffffffffff" + "010000"));
        assertThatThrownBy(() -> TypeInfo.read(pastADay).readValue(pastADay)).isInstanceOf(TdsProtocolException.class);
        // datetime2(7): day 3,652,059, the day after 9999-12-31.
        ByteBuf pastYear9999 =
                Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2a07" + "08" + "0000000000" + "dbb937"));
        assertThatThrownBy(() -> TypeInfo.read(pastYear9999).readValue(pastYear9999))
                .isInstanceOf(TdsProtocolException.class);
        // datetime: tick 25,920,000 (24:00:00), day 0; and day 2,958,464 (10000-01-01).
        for (String value : new String[] {"00000000" + "00828b01", "80242d00" + "00000000"}) {
            ByteBuf datetime = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("6f08" + "08" + value));
            assertThatThrownBy(() -> TypeInfo.read(datetime).readValue(datetime))
                    .isInstanceOf(TdsProtocolException.class);
        }
        // smalldatetime: minute 1,440.
        ByteBuf small = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("6f04" + "04" + "0000" + "a005"));
        assertThatThrownBy(() -> TypeInfo.read(small).readValue(small)).isInstanceOf(TdsProtocolException.class);
        // The last instants of each range are read.
        ByteBuf last = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("6f08" + "08" + "7f242d00" + "ff818b01"));
        assertThat(TypeInfo.read(last).readValue(last))
                .isEqualTo(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 997_000_000));
    }

    /**
     * An int parameter carrying an 8-byte value must not be read as a Long, a value of another type than the one
     * declared, which the procedures behind an int parameter need not expect.
     */
    @Test
    void aValueOfAnotherLengthThanItsTypeBreaksTheProtocol() {
        ByteBuf intWithBigintValue =
                Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2604" + "08" + "0100000000000000"));
        assertThatThrownBy(() -> TypeInfo.read(intWithBigintValue).readValue(intWithBigintValue))
                .isInstanceOf(TdsProtocolException.class);
        ByteBuf datetimeWithShortValue = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("6f08" + "04" + "00000000"));
        assertThatThrownBy(() -> TypeInfo.read(datetimeWithShortValue).readValue(datetimeWithShortValue))
                .isInstanceOf(TdsProtocolException.class);
        ByteBuf nullInt = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2604" + "00"));
        assertThat(TypeInfo.read(nullInt).readValue(nullInt)).isNull();
    }

    @Test
    void nvarcharCarriesTheServerCollation() {
        assertThat(hex(raw(NVarCharType.ofCharacters(88)), "ab"))
                .isEqualTo("e7b000" + "0904d00034" + "0400" + "61006200");
    }

    @Test
    void datetimeIsDaysSince1900AndThreeHundredthsOfASecond() {
        // 1900-01-02 00:00:01: day 1, 300 ticks.
        assertThat(hex(raw(DateTimeNType.DATETIME), LocalDateTime.of(1900, 1, 2, 0, 0, 1)))
                .isEqualTo("6f08" + "08" + "01000000" + "2c010000");
        assertThat(hex(raw(DateTimeNType.DATETIME), null)).isEqualTo("6f08" + "00");
    }

    @Test
    void datetime2AsMssqlJdbcSendsATimestamp() {
        // Scale 7: 5 time bytes of 100 ns units, then 3 date bytes; 0001-01-02 00:00:01 = 10^7 units, day 1.
        ByteBuf in = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2a07" + "08" + "8096980000" + "010000"));
        assertThat(TypeInfo.read(in).readValue(in)).isEqualTo(LocalDateTime.of(1, 1, 2, 0, 0, 1));
    }

    @Test
    void datetimeoffsetIsTheUtcDateTime2AndTheOffsetInMinutes() {
        // 0001-01-02 00:00:01 UTC at +01:00 (60 minutes): 10^7 units, day 1, then 3c00.
        ByteBuf in =
                Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2b07" + "0a" + "8096980000" + "010000" + "3c00"));
        assertThat(TypeInfo.read(in).readValue(in))
                .isEqualTo(OffsetDateTime.of(1, 1, 2, 1, 0, 1, 0, ZoneOffset.ofHours(1)));
        ByteBuf beyondFourteenHours =
                Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("2b07" + "0a" + "0000000000" + "010000" + "4903"));
        assertThatThrownBy(() -> TypeInfo.read(beyondFourteenHours).readValue(beyondFourteenHours))
                .isInstanceOf(TdsProtocolException.class);
    }

    @Test
    void floatIsAnIeeeDoubleLittleEndian() {
        assertThat(hex(raw(FltNType.FLOAT), 1200.0)).isEqualTo("6d08" + "08" + "0000000000c09240");
        ByteBuf realWithDoubleValue =
                Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("6d04" + "08" + "0000000000c09240"));
        assertThatThrownBy(() -> TypeInfo.read(realWithDoubleValue).readValue(realWithDoubleValue))
                .isInstanceOf(TdsProtocolException.class);
    }

    @Test
    void imageParameterHasAFourByteLengthAndARowValueATextPointer() {
        ByteBuf parameter = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("22ffffff7f" + "02000000abcd"));
        assertThat((byte[]) TypeInfo.read(parameter).readValue(parameter)).containsExactly(0xAB, 0xCD);
        ByteBuf nullParameter = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("ffffffff"));
        assertThat(TextPointerType.IMAGE.readValue(nullParameter)).isNull();

        ByteBuf row = Unpooled.buffer();
        TextPointerType.IMAGE.writeValue(row, new byte[] {(byte) 0xAB});
        assertThat(ByteBufUtil.hexDump(row)).isEqualTo("10" + "00".repeat(16) + "00".repeat(8) + "01000000ab");
        ByteBuf nullRow = Unpooled.buffer();
        TextPointerType.IMAGE.writeValue(nullRow, null);
        assertThat(ByteBufUtil.hexDump(nullRow)).isEqualTo("00");
    }

    @Test
    void charIsPaddedToItsLength() {
        assertThat(hex(raw(SingleByteCharType.fixedChar(3)), "2"))
                .isEqualTo("af0300" + "0904d00034" + "0300" + "322020");
    }

    @Test
    void unknownTypeBreaksTheProtocolNamingIt() {
        assertThatThrownBy(() -> TypeInfo.read(Unpooled.wrappedBuffer(new byte[] {0x6C, 0x11, 0x26, 0x00})))
                .isInstanceOf(TdsProtocolException.class)
                .hasMessageContaining("0x6c");
    }

    @Test
    void valueLongerThanItsTypeIsRefused() {
        assertThatThrownBy(() -> BigVarBinaryType.of(2).writeValue(Unpooled.buffer(), new byte[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A client reads back what a ROW or RETURNVALUE carries: for the text-pointer types, past the pointer. */
    @Test
    void returnedValuesReadBackAsWritten() {
        ByteBuf out = Unpooled.buffer();
        TextPointerType.IMAGE.writeValue(out, new byte[] {1, 2, 3});
        TextPointerType.IMAGE.writeValue(out, null);
        TextPointerType.NTEXT.writeValue(out, "ntext é");
        IntNType.INT.writeValue(out, 42);
        assertThat(TextPointerType.IMAGE.readReturnedValue(out)).containsExactly(1, 2, 3);
        assertThat(TextPointerType.IMAGE.readReturnedValue(out)).isNull();
        assertThat(TextPointerType.NTEXT.readReturnedValue(out)).isEqualTo("ntext é");
        assertThat(IntNType.INT.readReturnedValue(out)).isEqualTo(42);
        assertThat(out.isReadable()).isFalse();
    }
}
