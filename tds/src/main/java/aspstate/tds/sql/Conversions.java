package aspstate.tds.sql;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlDataType.Base;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Arrays;
import java.util.Locale;

/**
 * T-SQL's implicit conversions for assigning a value to a variable ({@code SET}, {@code DECLARE ... =}, an OUTPUT
 * argument): numbers, bits and numeric text convert into each other, text and bytes are cut to the variable's
 * length as SQL Server cuts them without a word, and what SQL Server refuses to convert implicitly is refused
 * with its error number.
 */
public final class Conversions {
    /**
     * 'yyyy-MM-dd', 'yyyy-MM-dd hh:mm:ss[.fffffff]' and the same with a T: the unambiguous forms; then, for
     * datetimeoffset, an optional offset ('+01:00', '-05:30' or 'Z'), which without one is +00:00 as on SQL Server.
     */
    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart()
            .appendLiteral(' ')
            .optionalEnd()
            .optionalStart()
            .appendLiteral('T')
            .optionalEnd()
            .optionalStart()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .optionalEnd()
            .optionalStart()
            .appendLiteral(' ')
            .optionalEnd()
            .optionalStart()
            .appendOffset("+HH:MM", "Z")
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter(Locale.ROOT);
    /** The bounds of bigint as doubles: a float at or beyond them does not convert. */
    private static final double BIGINT_BOUND = 0x1p63;

    private Conversions() {}

    /** {@code source} as a value of {@code target}; NULL stays NULL. */
    public static Object convert(TypedValue source, SqlDataType target) {
        Object value = source.value();
        if (value == null) {
            return null;
        }
        return switch (target.base()) {
            case TINYINT, SMALLINT, INT, BIGINT -> integer(source, target);
            case BIT -> bit(source, target);
            case FLOAT -> floating(source, target);
            case CHAR, VARCHAR, NVARCHAR -> text(source, target);
            case VARBINARY, IMAGE -> bytes(source, target);
            case DATETIME -> dateTime(source, target);
            case DATETIMEOFFSET -> dateTimeOffset(source, target);
        };
    }

    private static Object integer(TypedValue source, SqlDataType target) {
        long number;
        if (source.value() instanceof Double given) {
            // Converting a float to an integer cuts its fraction off, toward zero.
            if (!(Math.abs(given) < BIGINT_BOUND)) {
                throw overflow(target);
            }
            number = given.longValue();
        } else if (source.value() instanceof Number given) {
            number = given.longValue();
        } else if (source.value() instanceof Boolean flag) {
            number = flag ? 1 : 0;
        } else if (source.value() instanceof String text) {
            try {
                number = Long.parseLong(text.strip());
            } catch (NumberFormatException e) {
                throw failed(source, target);
            }
        } else {
            throw notImplicit(source, target);
        }
        long[] range = switch (target.base()) {
            case TINYINT -> new long[] {0, 255};
            case SMALLINT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case INT -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
        };
        if (number < range[0] || number > range[1]) {
            throw overflow(target);
        }
        return target.base() == Base.BIGINT ? (Object) number : (Object) (int) number;
    }

    private static Object bit(TypedValue source, SqlDataType target) {
        Object value = source.value();
        if (value instanceof Boolean) {
            return value;
        }
        if (value instanceof Number number) {
            return number.longValue() != 0;
        }
        if (value instanceof String text) {
            String word = text.strip();
            if (word.equalsIgnoreCase("true")) {
                return true;
            }
            if (word.equalsIgnoreCase("false")) {
                return false;
            }
            try {
                return Long.parseLong(word) != 0;
            } catch (NumberFormatException e) {
                throw failed(source, target);
            }
        }
        throw notImplicit(source, target);
    }

    private static SqlException overflow(SqlDataType target) {
        return SqlException.userError(
                SqlErrors.ARITHMETIC_OVERFLOW,
                "Arithmetic overflow error converting expression to data type " + target + ".");
    }

    private static Object floating(TypedValue source, SqlDataType target) {
        Object value = source.value();
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        if (value instanceof Boolean flag) {
            return flag ? 1.0 : 0.0;
        }
        if (value instanceof String text) {
            try {
                return Double.parseDouble(text.strip());
            } catch (NumberFormatException e) {
                throw SqlException.userError(
                        SqlErrors.CONVERSION_ERROR,
                        "Error converting data type " + source.type().base().sqlName() + " to float.");
            }
        }
        throw notImplicit(source, target);
    }

    private static Object text(TypedValue source, SqlDataType target) {
        Object value = source.value();
        String text;
        if (value instanceof String given) {
            text = given;
        } else if (value instanceof Number || value instanceof Boolean) {
            text = value instanceof Boolean flag ? (flag ? "1" : "0") : value.toString();
        } else {
            throw notImplicit(source, target);
        }
        return target.length() != SqlDataType.MAX && text.length() > target.length()
                ? text.substring(0, target.length())
                : text;
    }

    private static Object bytes(TypedValue source, SqlDataType target) {
        if (!(source.value() instanceof byte[] bytes)) {
            throw notImplicit(source, target);
        }
        boolean cut =
                target.base() == Base.VARBINARY && target.length() != SqlDataType.MAX && bytes.length > target.length();
        return cut ? Arrays.copyOf(bytes, target.length()) : bytes;
    }

    private static Object dateTime(TypedValue source, SqlDataType target) {
        Object value = source.value();
        if (value instanceof LocalDateTime) {
            return value;
        }
        if (value instanceof OffsetDateTime offset) {
            return offset.toLocalDateTime(); // the offset is dropped, the local time kept
        }
        if (value instanceof String text) {
            return parsed(text).toLocalDateTime();
        }
        throw notImplicit(source, target);
    }

    private static Object dateTimeOffset(TypedValue source, SqlDataType target) {
        Object value = source.value();
        if (value instanceof OffsetDateTime) {
            return value;
        }
        if (value instanceof LocalDateTime local) {
            return local.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof String text) {
            return parsed(text);
        }
        throw notImplicit(source, target);
    }

    /** Text as a date and time; without an offset, at +00:00. */
    private static OffsetDateTime parsed(String text) {
        try {
            TemporalAccessor parsed = DATE_TIME.parse(text.strip());
            ZoneOffset offset =
                    parsed.isSupported(ChronoField.OFFSET_SECONDS) ? ZoneOffset.from(parsed) : ZoneOffset.UTC;
            return LocalDateTime.from(parsed).atOffset(offset);
        } catch (DateTimeException e) {
            throw SqlException.userError(
                    SqlErrors.DATE_CONVERSION_FAILED,
                    "Conversion failed when converting date and/or time from character string.");
        }
    }

    private static SqlException failed(TypedValue source, SqlDataType target) {
        return SqlException.userError(
                SqlErrors.CONVERSION_FAILED,
                "Conversion failed when converting the " + source.type().base().sqlName() + " value '" + source.shown()
                        + "' to data type " + target + ".");
    }

    private static SqlException notImplicit(TypedValue source, SqlDataType target) {
        return SqlException.userError(
                SqlErrors.IMPLICIT_CONVERSION,
                "Implicit conversion from data type " + source.type().base().sqlName() + " to "
                        + target.base().sqlName() + " is not allowed.");
    }
}
