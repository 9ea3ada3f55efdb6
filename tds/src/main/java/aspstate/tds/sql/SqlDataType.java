package aspstate.tds.sql;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.DateTimeNType;
import aspstate.tds.type.DateTimeOffsetNType;
import aspstate.tds.type.FltNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import aspstate.tds.type.TdsType;
import aspstate.tds.type.TextPointerType;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The type of a T-SQL variable or literal, among those the session-state clients use: the integers, bit, float, the
 * character types, varbinary, image, datetime and datetimeoffset.
 *
 * @param length characters or bytes for the types that have one, {@link #MAX} for (max), else 0
 */
public record SqlDataType(Base base, int length) {
    /** The length of {@code nvarchar(max)}, {@code varchar(max)} and {@code varbinary(max)}. */
    public static final int MAX = -1;
    /** sysname is nvarchar(128). */
    private static final int SYSNAME_LENGTH = 128;

    /** The types, each with its longest (n): 0 for a type without a length. */
    public enum Base {
        TINYINT(0),
        SMALLINT(0),
        INT(0),
        BIGINT(0),
        BIT(0),
        FLOAT(0),
        CHAR(8000),
        VARCHAR(8000),
        NVARCHAR(4000),
        VARBINARY(8000),
        IMAGE(0),
        DATETIME(0),
        DATETIMEOFFSET(0);

        private final int longest;

        Base(int longest) {
            this.longest = longest;
        }

        /** The longest (n) the type takes; 0 for a type without a length. */
        int longest() {
            return longest;
        }

        boolean hasLength() {
            return longest > 0;
        }

        boolean allowsMax() {
            return this == VARCHAR || this == NVARCHAR || this == VARBINARY;
        }

        String sqlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final SqlDataType INT = new SqlDataType(Base.INT, 0);
    public static final SqlDataType BIGINT = new SqlDataType(Base.BIGINT, 0);
    public static final SqlDataType BIT = new SqlDataType(Base.BIT, 0);
    public static final SqlDataType DATETIME = new SqlDataType(Base.DATETIME, 0);
    public static final SqlDataType FLOAT = new SqlDataType(Base.FLOAT, 0);
    /** datetimeoffset(7), its default precision. */
    public static final SqlDataType DATETIMEOFFSET = new SqlDataType(Base.DATETIMEOFFSET, 0);

    public static SqlDataType of(Base base, int length) {
        return new SqlDataType(base, length);
    }

    /**
     * {@code name}, {@code name(n)} or {@code name(max)}. A character or binary type without a length has length
     * 1, as a T-SQL declaration gives it.
     *
     * @param ordinal the variable's position in its DECLARE, which SQL Server names in an unknown-type error
     */
    static SqlDataType parse(TokenCursor cursor, int ordinal) {
        SqlToken name = cursor.peek();
        if (!name.is(Kind.WORD) && !name.is(Kind.QUOTED_NAME)) {
            throw cursor.unexpected("a data type");
        }
        cursor.next();
        if (name.text().equalsIgnoreCase("sysname")) {
            return new SqlDataType(Base.NVARCHAR, SYSNAME_LENGTH);
        }
        Base base = base(name.text())
                .orElseThrow(() -> SqlException.userError(
                        SqlErrors.UNKNOWN_TYPE,
                        "Column, parameter, or variable #" + ordinal + ": Cannot find data type " + name.text()
                                + ". This server knows "
                                + Arrays.toString(Base.values()).toLowerCase(Locale.ROOT) + "."));
        if (!base.hasLength() || !cursor.accept("(")) {
            return new SqlDataType(base, base.hasLength() ? 1 : 0);
        }
        int length;
        if (base.allowsMax() && cursor.accept("max")) {
            length = MAX;
        } else {
            SqlToken size = cursor.expect(Kind.NUMBER, base.allowsMax() ? "a length or max" : "a length");
            length = size.text().length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(size.text());
            if (length > base.longest) {
                throw SqlException.userError(
                        SqlErrors.SIZE_TOO_LARGE,
                        "The size (" + size.text()
                                + ") given to the type '" + base.sqlName()
                                + "' exceeds the maximum allowed for any data type ("
                                + base.longest + ").");
            }
            if (length == 0) {
                throw SqlException.syntax(size.text(), size.position(), "a length of at least 1");
            }
        }
        cursor.expect(")");
        return new SqlDataType(base, length);
    }

    private static Optional<Base> base(String name) {
        return Arrays.stream(Base.values())
                .filter(base -> base.sqlName().equalsIgnoreCase(name))
                .findFirst();
    }

    /** The type a result column or output of this type has on the wire. */
    public TdsType<?> tdsType() {
        return switch (base) {
            case TINYINT -> IntNType.TINYINT;
            case SMALLINT -> IntNType.SMALLINT;
            case INT -> IntNType.INT;
            case BIGINT -> IntNType.BIGINT;
            case BIT -> BitNType.BIT;
            case FLOAT -> FltNType.FLOAT;
            case CHAR -> SingleByteCharType.fixedChar(length);
            case VARCHAR -> length == MAX ? SingleByteCharType.VARCHAR_MAX : SingleByteCharType.varchar(length);
            case NVARCHAR -> length == MAX ? NVarCharType.MAX : NVarCharType.ofCharacters(length);
            case VARBINARY -> length == MAX ? BigVarBinaryType.MAX : BigVarBinaryType.of(length);
            case IMAGE -> TextPointerType.IMAGE;
            case DATETIME -> DateTimeNType.DATETIME;
            case DATETIMEOFFSET -> DateTimeOffsetNType.DATETIMEOFFSET;
        };
    }

    /** As T-SQL spells it, e.g. {@code nvarchar(88)}. */
    @Override
    public String toString() {
        if (!base.hasLength()) {
            return base.sqlName();
        }
        return base.sqlName() + "(" + (length == MAX ? "max" : String.valueOf(length)) + ")";
    }
}
