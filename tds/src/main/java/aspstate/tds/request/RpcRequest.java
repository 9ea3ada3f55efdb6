package aspstate.tds.request;

import aspstate.tds.type.SqlValue;
import aspstate.tds.type.TdsType;
import aspstate.tds.type.TypeInfo;
import aspstate.tds.wire.TdsProtocolException;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * One procedure call of an RPC message ([MS-TDS] 2.2.6.6): the procedure, by name (US_VARCHAR) or, after a 0xFFFF
 * marker, by the ProcID of a well-known system procedure; OptionFlags; then its parameters. A message may chain
 * several calls, each after a batch separator.
 *
 * @param procedureName the name as sent, or the system procedure's name for a ProcID
 * @param procId        the ProcID, or {@link #BY_NAME}
 */
public record RpcRequest(String procedureName, int procId, int optionFlags, List<RpcParameter> parameters) {
    public static final int BY_NAME = 0;
    public static final int SP_EXECUTESQL = 10;
    public static final int SP_EXECUTE = 12;
    public static final int SP_PREPEXEC = 13;
    public static final int SP_UNPREPARE = 15;

    private static final int PROC_ID_MARKER = 0xFFFF;
    /** Names of ProcIDs 1..15, in order ([MS-TDS] 2.2.6.6). */
    private static final String[] PROCEDURES_BY_ID = {
        "sp_cursor", "sp_cursoropen", "sp_cursorprepare", "sp_cursorexecute", "sp_cursorprepexec",
        "sp_cursorunprepare", "sp_cursorfetch", "sp_cursoroption", "sp_cursorclose", "sp_executesql",
        "sp_prepare", "sp_execute", "sp_prepexec", "sp_prepexecrpc", "sp_unprepare"
    };
    /**
     * Separators between chained calls: BatchFlag, 0xFF since TDS 7.2 (SQL Server 2005) and 0x80 before, and
     * NoExecFlag 0xFE, which is answered like BatchFlag. None can start a parameter: its name length byte would
     * say 128 or more characters, and SQL Server names, '@' included, have at most 128.
     */
    private static final int BATCH_FLAG = 0xFF;

    private static final int OLD_BATCH_FLAG = 0x80;
    private static final int NO_EXEC_FLAG = 0xFE;

    /** Every call of the message, in order; a message cut short or malformed breaks the protocol. */
    public static List<RpcRequest> parseAll(ByteBuf payload, boolean withAllHeaders) {
        if (withAllHeaders) {
            AllHeaders.skip(payload);
        }
        try {
            List<RpcRequest> calls = new ArrayList<>();
            calls.add(parseOne(payload));
            // parseOne stops only at the end or at a separator, which may also end the message.
            while (payload.isReadable()) {
                payload.skipBytes(1);
                if (payload.isReadable()) {
                    calls.add(parseOne(payload));
                }
            }
            return calls;
        } catch (IndexOutOfBoundsException e) {
            throw new TdsProtocolException("RPC request cut short: " + e.getMessage());
        }
    }

    private static RpcRequest parseOne(ByteBuf payload) {
        int nameLength = payload.readUnsignedShortLE();
        String name;
        int procId;
        if (nameLength == PROC_ID_MARKER) {
            procId = payload.readUnsignedShortLE();
            name = procedureName(procId);
        } else {
            if (payload.readableBytes() < nameLength * 2) {
                throw new TdsProtocolException("RPC procedure name of " + nameLength + " characters is cut short");
            }
            procId = BY_NAME;
            name = Utf16.read(payload, nameLength);
        }
        int optionFlags = payload.readUnsignedShortLE();
        List<RpcParameter> parameters = new ArrayList<>();
        while (payload.isReadable() && !separatorAt(payload)) {
            parameters.add(parameter(payload));
        }
        return new RpcRequest(name, procId, optionFlags, List.copyOf(parameters));
    }

    private static boolean separatorAt(ByteBuf payload) {
        int next = payload.getUnsignedByte(payload.readerIndex());
        return next == BATCH_FLAG || next == NO_EXEC_FLAG || next == OLD_BATCH_FLAG;
    }

    private static RpcParameter parameter(ByteBuf payload) {
        String name = Utf16.read(payload, payload.readUnsignedByte());
        int status = payload.readUnsignedByte();
        TdsType<?> type = TypeInfo.read(payload);
        return new RpcParameter(name, status, SqlValue.read(type, payload));
    }

    /**
     * The ProcID of a system procedure called by name ({@code sp_executesql} or {@code sys.sp_executesql}, any
     * case: tedious calls it by name), or {@link #BY_NAME} for any other name.
     */
    public static int systemProcedure(String name) {
        String bare = name.regionMatches(true, 0, "sys.", 0, 4) ? name.substring(4) : name;
        for (int i = 0; i < PROCEDURES_BY_ID.length; i++) {
            if (PROCEDURES_BY_ID[i].equalsIgnoreCase(bare)) {
                return i + 1;
            }
        }
        return BY_NAME;
    }

    private static String procedureName(int procId) {
        if (procId >= 1 && procId <= PROCEDURES_BY_ID.length) {
            return PROCEDURES_BY_ID[procId - 1];
        }
        return "ProcID " + procId;
    }
}
