package aspstate.tds.statement;

import aspstate.core.corecache.SqlTime;
import aspstate.tds.sql.Conversions;
import aspstate.tds.sql.SqlDataType;
import aspstate.tds.sql.SqlDataType.Base;
import aspstate.tds.sql.TypedValue;
import java.time.OffsetDateTime;

/**
 * A parameter's value as the column or function it meets takes it, converted as SQL Server converts it implicitly
 * ({@link Conversions}): a bigint from a float cut toward zero, a datetimeoffset from a datetime at +00:00 (older
 * clients sent UTC datetimes), text from numbers; NULL stays null, and what does not convert is SQL Server's error.
 */
public final class StatementValues {
    private static final SqlDataType TEXT = SqlDataType.of(Base.NVARCHAR, SqlDataType.MAX);
    private static final SqlDataType BYTES = SqlDataType.of(Base.VARBINARY, SqlDataType.MAX);

    private StatementValues() {}

    public static String text(Object value) {
        return (String) Conversions.convert(TypedValue.of(value), TEXT);
    }

    public static byte[] bytes(Object value) {
        return (byte[]) Conversions.convert(TypedValue.of(value), BYTES);
    }

    public static Long bigint(Object value) {
        return (Long) Conversions.convert(TypedValue.of(value), SqlDataType.BIGINT);
    }

    public static Integer integer(Object value) {
        return (Integer) Conversions.convert(TypedValue.of(value), SqlDataType.INT);
    }

    /** A datetimeoffset as its instant in 100 ns ticks ({@link SqlTime}). */
    public static Long ticks(Object value) {
        OffsetDateTime time = (OffsetDateTime) Conversions.convert(TypedValue.of(value), SqlDataType.DATETIMEOFFSET);
        return time == null ? null : SqlTime.ofInstant(time.toInstant());
    }
}
