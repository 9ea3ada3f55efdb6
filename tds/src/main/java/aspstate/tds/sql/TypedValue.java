package aspstate.tds.sql;

import aspstate.tds.sql.SqlDataType.Base;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;

/**
 * A value with its T-SQL type: a literal, a variable's content, or a procedure's output.
 *
 * @param value Integer (Long for bigint), Double, Boolean, String, byte[], LocalDateTime or OffsetDateTime, or null
 *              for NULL
 */
public record TypedValue(SqlDataType type, Object value) {
    /**
     * A procedure's output, typed by its Java value since procedures report no declared type for it: text as
     * nvarchar and bytes as varbinary, long enough for the value.
     */
    public static TypedValue of(Object value) {
        if (value instanceof Long) {
            return new TypedValue(SqlDataType.BIGINT, value);
        }
        if (value instanceof Double) {
            return new TypedValue(SqlDataType.FLOAT, value);
        }
        if (value instanceof Number number) {
            return new TypedValue(SqlDataType.INT, number.intValue());
        }
        if (value instanceof Boolean) {
            return new TypedValue(SqlDataType.BIT, value);
        }
        if (value instanceof String text) {
            return new TypedValue(SqlDataType.of(Base.NVARCHAR, lengthOf(text.length(), Base.NVARCHAR)), text);
        }
        if (value instanceof byte[] bytes) {
            return new TypedValue(SqlDataType.of(Base.VARBINARY, lengthOf(bytes.length, Base.VARBINARY)), bytes);
        }
        if (value instanceof LocalDateTime) {
            return new TypedValue(SqlDataType.DATETIME, value);
        }
        if (value instanceof OffsetDateTime) {
            return new TypedValue(SqlDataType.DATETIMEOFFSET, value);
        }
        return new TypedValue(SqlDataType.INT, null); // NULL alone is typed int, as a bare NULL literal is
    }

    /** A literal's type: its length, at least 1, or (max) beyond what (n) can hold. */
    static int lengthOf(int length, Base base) {
        return length > base.longest() ? SqlDataType.MAX : Math.max(1, length);
    }

    /** A string literal: 'text' is varchar, N'text' nvarchar. */
    static TypedValue string(String text, boolean unicode) {
        Base base = unicode ? Base.NVARCHAR : Base.VARCHAR;
        return new TypedValue(SqlDataType.of(base, lengthOf(text.length(), base)), text);
    }

    /** A binary literal's hex digits; an odd count reads as if a 0 led, as SQL Server reads it. */
    static TypedValue binary(String hexDigits) {
        String digits = hexDigits.length() % 2 == 0 ? hexDigits : "0" + hexDigits;
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return new TypedValue(SqlDataType.of(Base.VARBINARY, lengthOf(bytes.length, Base.VARBINARY)), bytes);
    }

    /** How SQL Server shows a value in a conversion error. */
    String shown() {
        return value instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1) : String.valueOf(value);
    }
}
