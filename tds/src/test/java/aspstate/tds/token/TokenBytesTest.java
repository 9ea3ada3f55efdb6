package aspstate.tds.token;

import static aspstate.tds.wire.TdsVersion.V7_1;
import static aspstate.tds.wire.TdsVersion.V7_4;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.error.SqlError;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.SqlValue;
import aspstate.tds.type.TextPointerType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Every token writer against bytes worked out by hand from [MS-TDS] section 2.2.7. */
class TokenBytesTest {
    private static String hex(Consumer<ByteBuf> writer) {
        ByteBuf out = Unpooled.buffer();
        writer.accept(out);
        return ByteBufUtil.hexDump(out);
    }

    private static String utf16(String text) {
        return ByteBufUtil.hexDump(text.getBytes(StandardCharsets.UTF_16LE));
    }

    /**
     * A 70,000-character message must not throw while writing, nor one of 40,000 wrap the token's USHORT length.
     * Messages are cut as SQL Server cuts them (2,044 characters and an ellipsis).
     */
    @Test
    void aLongMessageIsCutAsSqlServerCutsItAndTheLengthFits() {
        for (int length : new int[] {2047, 2048, 40_000, 70_000}) {
            String text = "x".repeat(length);
            ByteBuf out = Unpooled.buffer();
            ErrorToken.write(out, V7_4, new SqlError(102, 1, 16, text));
            int tokenLength = out.getUnsignedShortLE(1);
            assertThat(tokenLength).as("length field for %d characters", length).isEqualTo(out.readableBytes() - 3);
            int textLength = out.getUnsignedShortLE(9);
            assertThat(textLength).isEqualTo(length <= 2047 ? length : 2047);
            String sent = out.toString(11, textLength * 2, StandardCharsets.UTF_16LE);
            assertThat(sent).isEqualTo(length <= 2047 ? text : "x".repeat(2044) + "...");
        }
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String text = "x".repeat(2043) + "\uD83D\uDE00" + "y".repeat(100);
        ByteBuf out = Unpooled.buffer();
        InfoToken.write(out, V7_4, 5701, 1, text);
        String sent = out.toString(11, out.getUnsignedShortLE(9) * 2, StandardCharsets.UTF_16LE);
        assertThat(sent).isEqualTo("x".repeat(2043) + "...");
    }

    @Test
    void done() {
        assertThat(hex(out -> DoneToken.write(out, V7_4, DoneToken.DONE, DoneToken.COUNT, DoneToken.SELECT_COMMAND, 1)))
                .isEqualTo("fd" + "1000" + "c100" + "0100000000000000");
    }

    @Test
    void doneProcWithError() {
        assertThat(hex(out -> DoneToken.write(out, V7_4, DoneToken.DONEPROC, DoneToken.ERROR, 0, 0)))
                .isEqualTo("fe" + "0200" + "0000" + "0000000000000000");
    }

    @Test
    void loginAck() {
        // Length 50: interface 1, version 4, name length 1 + 2 * 20, program version 4.
        assertThat(hex(out -> LoginAckToken.write(out, V7_4)))
                .isEqualTo("ad" + "3200" + "01" + "74000004" + "14" + utf16("Microsoft SQL Server") + "100003e8");
    }

    @Test
    void envChangeCollation() {
        assertThat(hex(out -> EnvChangeToken.collation(out, new byte[] {0x09, 0x04, (byte) 0xD0, 0x00, 0x34})))
                .isEqualTo("e3" + "0800" + "07" + "05" + "0904d00034" + "00");
    }

    @Test
    void envChangePacketSize() {
        // Length 1 + (1 + 2 * 4) + (1 + 2 * 4) = 19.
        assertThat(hex(out -> EnvChangeToken.packetSize(out, 8000, 4096)))
                .isEqualTo("e3" + "1300" + "04" + "04" + utf16("8000") + "04" + utf16("4096"));
    }

    @Test
    void envChangeDatabase() {
        // Length 1 + (1 + 2 * 8) + (1 + 2 * 6) = 31.
        assertThat(hex(out -> EnvChangeToken.database(out, "ASPState", "master")))
                .isEqualTo("e3" + "1f00" + "01" + "08" + utf16("ASPState") + "06" + utf16("master"));
    }

    @Test
    void envChangeResetAcknowledgement() {
        assertThat(hex(EnvChangeToken::resetAcknowledgement)).isEqualTo("e3" + "0300" + "12" + "00" + "00");
    }

    @Test
    void infoAndErrorShareTheLayoutWithDifferentTokens() {
        // Number 5701 (0x1645), state 2, class 0, text "ok", server "aspstate", no procedure, line 1.
        String expectedBody = "451600000200" + "0200" + utf16("ok") + "08" + utf16("aspstate") + "00" + "01000000";
        assertThat(hex(out -> InfoToken.write(out, V7_4, 5701, 2, "ok")))
                .isEqualTo("ab" + String.format("%02x00", expectedBody.length() / 2) + expectedBody);
        // Number 102, state 1, class 16.
        String errorBody =
                "66000000" + "01" + "10" + "0200" + utf16("no") + "08" + utf16("aspstate") + "00" + "01000000";
        assertThat(hex(out -> ErrorToken.write(out, V7_4, new SqlError(102, 1, 16, "no"))))
                .isEqualTo("aa" + String.format("%02x00", errorBody.length() / 2) + errorBody);
    }

    @Test
    void colMetadataAndRowOfOneIntColumn() {
        List<Column<?>> columns =
                List.of(new Column<>("", IntNType.INT, false), new Column<>("n", IntNType.BIGINT, true));
        assertThat(hex(out -> ColMetadataToken.write(out, V7_4, columns)))
                .isEqualTo("81" + "0200" + "00000000" + "0000" + "2604" + "00" + "00000000" + "0100" + "2608" + "01"
                        + utf16("n"));
        assertThat(hex(out -> RowToken.write(out, V7_4, columns, Arrays.asList(1, null))))
                .isEqualTo("d1" + "04" + "01000000" + "00");
        assertThat(hex(out -> RowToken.write(out, V7_4, columns, List.of(-2, 1L << 40))))
                .isEqualTo("d1" + "04" + "feffffff" + "08" + "0000000000010000");
    }

    @Test
    void returnStatus() {
        assertThat(hex(out -> ReturnStatusToken.write(out, 0))).isEqualTo("79" + "00000000");
        assertThat(hex(out -> ReturnStatusToken.write(out, -6))).isEqualTo("79" + "faffffff");
    }

    @Test
    void returnValueOfAnIntEchoesOrdinalAndName() {
        // Ordinal 3, name "@n", status 1 (output), UserType 0, flags nullable, INTN(4), value 42.
        assertThat(hex(out -> ReturnValueToken.write(out, V7_4, 3, "@n", new SqlValue(IntNType.INT, 42))))
                .isEqualTo(
                        "ac" + "0300" + "02" + utf16("@n") + "01" + "00000000" + "0100" + "2604" + "04" + "2a000000");
    }

    @Test
    void returnValueOfAPositionalNullBit() {
        assertThat(hex(out -> ReturnValueToken.write(out, V7_4, 0, "", new SqlValue(BitNType.BIT, null))))
                .isEqualTo("ac" + "0000" + "00" + "01" + "00000000" + "0100" + "6801" + "00");
    }

    @Test
    void returnValueOfVarbinaryMaxIsPlp() {
        assertThat(hex(out ->
                        ReturnValueToken.write(out, V7_4, 1, "@b", new SqlValue(BigVarBinaryType.MAX, new byte[] {7}))))
                .isEqualTo("ac" + "0100" + "02" + utf16("@b") + "01" + "00000000" + "0100" + "a5ffff"
                        + "0100000000000000" + "0100000007" + "00000000");
    }

    @Test
    void doneInProcAfterARowSetCountsIn8BytesSinceTds72And4Before() {
        assertThat(hex(out -> DoneToken.write(
                        out,
                        V7_4,
                        DoneToken.DONEINPROC,
                        DoneToken.MORE | DoneToken.COUNT,
                        DoneToken.SELECT_COMMAND,
                        1)))
                .isEqualTo("ff" + "1100" + "c100" + "0100000000000000");
        assertThat(hex(out -> DoneToken.write(
                        out,
                        V7_1,
                        DoneToken.DONEINPROC,
                        DoneToken.MORE | DoneToken.COUNT,
                        DoneToken.SELECT_COMMAND,
                        1)))
                .isEqualTo("ff" + "1100" + "c100" + "01000000");
    }

    @Test
    void loginAckNamesTheVersionSpoken() {
        assertThat(hex(out -> LoginAckToken.write(out, V7_1))).startsWith("ad" + "3200" + "01" + "71000001");
    }

    @Test
    void colMetadataAndReturnValueOfTds71HaveA2ByteUserType() {
        assertThat(hex(out -> ColMetadataToken.write(out, V7_1, List.of(new Column<>("", IntNType.INT, false)))))
                .isEqualTo("81" + "0100" + "0000" + "0000" + "2604" + "00");
        assertThat(hex(out -> ReturnValueToken.write(out, V7_1, 0, "", new SqlValue(BitNType.BIT, null))))
                .isEqualTo("ac" + "0000" + "00" + "01" + "0000" + "0100" + "6801" + "00");
    }

    @Test
    void imageColumnNamesItsTableInOnePartSinceTds72AndPlainBefore() {
        List<Column<?>> columns = List.of(new Column<>("i", TextPointerType.IMAGE, true));
        String table = "1400" + utf16("ASPStateTempSessions");
        assertThat(hex(out -> ColMetadataToken.write(out, V7_4, columns)))
                .isEqualTo("81" + "0100" + "00000000" + "0100" + "22ffffff7f" + "01" + table + "01" + utf16("i"));
        assertThat(hex(out -> ColMetadataToken.write(out, V7_1, columns)))
                .isEqualTo("81" + "0100" + "0000" + "0100" + "22ffffff7f" + table + "01" + utf16("i"));
    }

    @Test
    void errorOfTds71HasA2ByteLineNumber() {
        String errorBody = "66000000" + "01" + "10" + "0200" + utf16("no") + "08" + utf16("aspstate") + "00" + "0100";
        assertThat(hex(out -> ErrorToken.write(out, V7_1, new SqlError(102, 1, 16, "no"))))
                .isEqualTo("aa" + String.format("%02x00", errorBody.length() / 2) + errorBody);
    }
}
