package aspstate.tds.token;

import aspstate.tds.type.TdsType;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;
import java.util.List;

/** COLMETADATA (0x81, [MS-TDS] 2.2.7.4): describes the columns of the rows that follow. */
public final class ColMetadataToken {
    public static final int TOKEN = 0x81;

    private static final int NULLABLE = 0x0001;

    private ColMetadataToken() {}

    public static void write(ByteBuf out, TdsVersion version, List<Column<?>> columns) {
        out.writeByte(TOKEN);
        out.writeShortLE(columns.size());
        for (Column<?> column : columns) {
            UserType.write(out, version);
            out.writeShortLE(column.nullable() ? NULLABLE : 0);
            TdsType<?> type = ClientTypes.of(column.type(), version);
            type.writeTypeInfo(out);
            String table = type.columnTableName();
            if (table != null) {
                writeTableName(out, version, table);
            }
            Utf16.writeBVarchar(out, column.name());
        }
    }

    /** A one-part name (clients require 1 to 4 parts since TDS 7.2, which counts them); a plain name before. */
    static void writeTableName(ByteBuf out, TdsVersion version, String table) {
        if (version.isAtLeast(TdsVersion.V7_2)) {
            out.writeByte(1);
        }
        Utf16.writeUsVarchar(out, table);
    }
}
