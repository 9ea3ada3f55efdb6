package aspstate.tds.token;

import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;

/** ROW (0xD1, [MS-TDS] 2.2.7.19): one value per column of the last COLMETADATA, each in its type's encoding. */
public final class RowToken {
    public static final int TOKEN = 0xD1;

    private RowToken() {}

    public static void write(ByteBuf out, TdsVersion version, List<Column<?>> columns, List<?> values) {
        if (values.size() != columns.size()) {
            throw new IllegalArgumentException(columns.size() + " columns but " + values.size() + " values");
        }
        out.writeByte(TOKEN);
        for (int i = 0; i < columns.size(); i++) {
            columns.get(i).writeValue(out, version, values.get(i));
        }
    }
}
