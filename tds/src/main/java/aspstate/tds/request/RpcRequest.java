package aspstate.tds.request;

import aspstate.tds.TdsProtocolException;
import aspstate.tds.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * The head of an RPC message ([MS-TDS] 2.2.6.6): which procedure it calls, by name (US_VARCHAR) or, after a
 * 0xFFFF marker, by the ProcID of a well-known system procedure. Parameters follow and are not read yet.
 *
 * @param procedureName the name as sent, or the system procedure's name for a ProcID
 */
public record RpcRequest(String procedureName) {
    private static final int PROC_ID_MARKER = 0xFFFF;
    /** Names of ProcIDs 1..15, in order ([MS-TDS] 2.2.6.6). */
    private static final String[] PROCEDURES_BY_ID = {
        "sp_cursor", "sp_cursoropen", "sp_cursorprepare", "sp_cursorexecute", "sp_cursorprepexec",
        "sp_cursorunprepare", "sp_cursorfetch", "sp_cursoroption", "sp_cursorclose", "sp_executesql",
        "sp_prepare", "sp_execute", "sp_prepexec", "sp_prepexecrpc", "sp_unprepare"};

    public static RpcRequest parse(ByteBuf payload, boolean withAllHeaders) {
        if (withAllHeaders) {
            AllHeaders.skip(payload);
        }
        if (payload.readableBytes() < 2) {
            throw new TdsProtocolException("RPC request without a procedure name or id");
        }
        int nameLength = payload.readUnsignedShortLE();
        if (nameLength == PROC_ID_MARKER) {
            if (payload.readableBytes() < 2) {
                throw new TdsProtocolException("RPC request cut short before its ProcID");
            }
            return new RpcRequest(procedureName(payload.readUnsignedShortLE()));
        }
        if (payload.readableBytes() < nameLength * 2) {
            throw new TdsProtocolException("RPC procedure name of " + nameLength + " characters is cut short");
        }
        return new RpcRequest(Utf16.read(payload, nameLength));
    }

    private static String procedureName(int procId) {
        if (procId >= 1 && procId <= PROCEDURES_BY_ID.length) {
            return PROCEDURES_BY_ID[procId - 1];
        }
        return "ProcID " + procId;
    }
}
