package aspstate.tds.token;

import aspstate.tds.Utf16;
import io.netty.buffer.ByteBuf;
import java.util.List;

/** COLMETADATA (0x81, [MS-TDS] 2.2.7.4): describes the columns of the rows that follow. */
public final class ColMetadataToken {
    public static final int TOKEN = 0x81;

    private static final int NULLABLE = 0x0001;

    private ColMetadataToken() {
    }

    public static void write(ByteBuf out, List<Column<?>> columns) {
        out.writeByte(TOKEN);
        out.writeShortLE(columns.size());
        for (Column<?> column : columns) {
            // UserType is 4 bytes since TDS 7.2; 0 = no user-defined type.
            out.writeIntLE(0);
            out.writeShortLE(column.nullable() ? NULLABLE : 0);
            column.type().writeTypeInfo(out);
            column.type().writeColumnTableName(out);
            Utf16.writeBVarchar(out, column.name());
        }
    }
}
