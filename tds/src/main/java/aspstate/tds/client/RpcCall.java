package aspstate.tds.client;

import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.TdsType;
import aspstate.tds.type.TextPointerType;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One stored-procedure call as .NET's SqlClient sends it for {@code CommandType.StoredProcedure} ([MS-TDS]
 * 2.2.6.6): the procedure by name, then named parameters, each with its TYPE_INFO and value; an output parameter
 * goes with status fByRefValue and a NULL value, as SqlClient sends an output parameter nobody set. The values are
 * read when the call is written to the connection, so neither the call nor its arrays may change after
 * {@link TdsClient#call}.
 */
public final class RpcCall {
    /** fByRefValue: the parameter is an output the reply returns in a RETURNVALUE. */
    private static final int OUTPUT = 0x01;
    /** The RPC names a well-known system procedure by number instead of by name. */
    private static final int PROC_ID_MARKER = 0xFFFF;

    private static final int SP_EXECUTESQL = 10;
    /** The longest text SqlClient sends as nvarchar(n); a longer one goes as a (max) type. */
    private static final int LONGEST_NVARCHAR = 4000;

    private final String procedure;
    /** The system procedure's number, or 0 for a call by name. */
    private final int procId;

    private final List<Consumer<ByteBuf>> parameters = new ArrayList<>();

    private RpcCall(String procedure, int procId) {
        this.procedure = procedure;
        this.procId = procId;
    }

    public static RpcCall of(String procedure) {
        return new RpcCall(procedure, 0);
    }

    /**
     * A parameterized statement as SqlClient sends a CommandType.Text command with parameters: sp_executesql by its
     * number, the text and the declarations as unnamed nvarchar parameters, then the values ({@link #input}).
     *
     * @param declarations the parameters as the text declares them, e.g. {@code @Id nvarchar(449),@UtcNow datetimeoffset(7)}
     */
    public static RpcCall executeSql(String statement, String declarations) {
        return new RpcCall("sp_executesql", SP_EXECUTESQL)
                .input("", text(statement), statement)
                .input("", text(declarations), declarations);
    }

    private static NVarCharType text(String value) {
        return value.length() <= LONGEST_NVARCHAR
                ? NVarCharType.ofCharacters(Math.max(1, value.length()))
                : NVarCharType.MAX;
    }

    public <T> RpcCall input(String name, TdsType<T> type, T value) {
        refuseTextPointer(type);
        parameters.add(out -> {
            head(out, name, 0);
            type.writeTypeInfo(out);
            type.writeValue(out, value);
        });
        return this;
    }

    public RpcCall output(String name, TdsType<?> type) {
        refuseTextPointer(type);
        parameters.add(out -> {
            head(out, name, OUTPUT);
            type.writeTypeInfo(out);
            type.writeValue(out, null);
        });
        return this;
    }

    /**
     * An image input: SqlClient's {@code SqlDbType.Image}, which ASP.NET sends items of more than 7,000 bytes as.
     * A parameter carries the value as a 4-byte length and the bytes, not in the text-pointer form of a row.
     */
    public RpcCall image(String name, byte[] value) {
        parameters.add(out -> {
            head(out, name, 0);
            TextPointerType.IMAGE.writeTypeInfo(out);
            out.writeIntLE(value.length).writeBytes(value);
        });
        return this;
    }

    /** Their values are written in a row's form (text pointer first), which is not a parameter's: see image(). */
    private static void refuseTextPointer(TdsType<?> type) {
        if (type instanceof TextPointerType) {
            throw new IllegalArgumentException(type + " parameters go through image(), not input() or output()");
        }
    }

    private static void head(ByteBuf out, String name, int status) {
        Utf16.writeBVarchar(out, name);
        out.writeByte(status);
    }

    /** The request's payload after ALL_HEADERS: name or number, option flags (none), parameters. */
    void writeTo(ByteBuf out) {
        if (procId != 0) {
            out.writeShortLE(PROC_ID_MARKER).writeShortLE(procId);
        } else {
            Utf16.writeUsVarchar(out, procedure);
        }
        out.writeShortLE(0);
        for (Consumer<ByteBuf> parameter : parameters) {
            parameter.accept(out);
        }
    }

    public String procedure() {
        return procedure;
    }
}
