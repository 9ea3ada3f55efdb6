package aspstate.tds.proc;

import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.DateTimeNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import aspstate.tds.type.TdsType;
import aspstate.tds.type.TextPointerType;
import java.util.Locale;

/**
 * The SQL type a procedure declares a parameter with, as its CREATE PROCEDURE spells it: {@code nvarchar(88)},
 * {@code varbinary(max)}, {@code int}. A call by name answers an output parameter in it, and sp_sproc_columns
 * describes the parameter from it. Only the types the served procedures declare exist here.
 */
public final class DeclaredType {
    /** The system types the served procedures use. */
    public enum Family {
        INT,
        BIT,
        DATETIME,
        CHAR,
        VARCHAR,
        NVARCHAR,
        VARBINARY,
        IMAGE
    }

    /** The length of varbinary(max). */
    public static final int MAX = -1;
    /** The length of the types that have one size. */
    private static final int FIXED = 0;

    public static final DeclaredType INT = new DeclaredType(Family.INT, FIXED);
    public static final DeclaredType BIT = new DeclaredType(Family.BIT, FIXED);
    public static final DeclaredType DATETIME = new DeclaredType(Family.DATETIME, FIXED);
    public static final DeclaredType IMAGE = new DeclaredType(Family.IMAGE, FIXED);
    public static final DeclaredType VARBINARY_MAX = new DeclaredType(Family.VARBINARY, MAX);

    private final Family family;
    private final int length;

    private DeclaredType(Family family, int length) {
        this.family = family;
        this.length = length;
    }

    /** char(n), blank-padded to n characters. */
    public static DeclaredType fixedChar(int characters) {
        return new DeclaredType(Family.CHAR, characters);
    }

    public static DeclaredType varchar(int characters) {
        return new DeclaredType(Family.VARCHAR, characters);
    }

    public static DeclaredType nvarchar(int characters) {
        return new DeclaredType(Family.NVARCHAR, characters);
    }

    public static DeclaredType varbinary(int bytes) {
        return new DeclaredType(Family.VARBINARY, bytes);
    }

    public Family family() {
        return family;
    }

    /** Characters for char, varchar and nvarchar, bytes for varbinary, {@link #MAX}, or 0 for one-size types. */
    public int length() {
        return length;
    }

    public boolean isMax() {
        return length == MAX;
    }

    /** The name SQL Server gives the type, e.g. {@code nvarchar}. */
    public String typeName() {
        return family.name().toLowerCase(Locale.ROOT);
    }

    /** The type a value of this declaration travels in. */
    public TdsType<?> wireType() {
        return switch (family) {
            case INT -> IntNType.INT;
            case BIT -> BitNType.BIT;
            case DATETIME -> DateTimeNType.DATETIME;
            case CHAR -> SingleByteCharType.fixedChar(length);
            case VARCHAR -> SingleByteCharType.varchar(length);
            case NVARCHAR -> NVarCharType.ofCharacters(length);
            case VARBINARY -> isMax() ? BigVarBinaryType.MAX : BigVarBinaryType.of(length);
            case IMAGE -> TextPointerType.IMAGE;
        };
    }

    @Override
    public String toString() {
        if (length == FIXED) {
            return typeName();
        }
        return typeName() + "(" + (isMax() ? "max" : Integer.toString(length)) + ")";
    }
}
