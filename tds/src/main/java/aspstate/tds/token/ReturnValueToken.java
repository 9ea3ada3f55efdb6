package aspstate.tds.token;

import aspstate.tds.type.SqlValue;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * RETURNVALUE (0xAC, [MS-TDS] 2.2.7.19): the value of an output parameter after the call. Clients match it to
 * their parameter by ordinal (mssql-jdbc) or by exact name including '@' (.NET SqlClient), so both echo what the
 * client sent.
 */
public final class ReturnValueToken {
    public static final int TOKEN = 0xAC;
    /** Status: the value of an output parameter (0x02 would be a user-defined function's result). */
    private static final int OUTPUT_PARAMETER = 0x01;
    /** Flags: fNullable, as every procedure parameter is. */
    private static final int NULLABLE = 0x0001;

    private ReturnValueToken() {}

    /**
     * @param ordinal the parameter's position in the RPC, from 0
     * @param name    the parameter's name as the client sent it (empty for a positional one)
     */
    public static void write(ByteBuf out, TdsVersion version, int ordinal, String name, SqlValue value) {
        out.writeByte(TOKEN);
        out.writeShortLE(ordinal);
        Utf16.writeBVarchar(out, name);
        out.writeByte(OUTPUT_PARAMETER);
        UserType.write(out, version);
        out.writeShortLE(NULLABLE);
        SqlValue sent = new SqlValue(ClientTypes.of(value.type(), version), value.value());
        sent.type().writeTypeInfo(out);
        if (sent.type().columnTableName() != null && !version.isAtLeast(TdsVersion.V7_2)) {
            // Down-level clients (jTDS, FreeTDS) read a table name after the TYPE_INFO of text, ntext and image
            // wherever it stands; a parameter comes from no table.
            ColMetadataToken.writeTableName(out, version, "");
        }
        sent.writeValue(out);
    }
}
