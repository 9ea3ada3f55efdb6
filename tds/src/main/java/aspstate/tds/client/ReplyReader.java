package aspstate.tds.client;

import aspstate.tds.error.SqlError;
import aspstate.tds.token.ColMetadataToken;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.token.InfoToken;
import aspstate.tds.token.LoginAckToken;
import aspstate.tds.token.ReturnStatusToken;
import aspstate.tds.token.ReturnValueToken;
import aspstate.tds.token.RowToken;
import aspstate.tds.type.TdsType;
import aspstate.tds.type.TextPointerType;
import aspstate.tds.type.TypeInfo;
import aspstate.tds.wire.TdsProtocolException;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the tokens of one server reply ([MS-TDS] 2.2.7, TDS 7.2 and later) that a caller of stored procedures
 * meets: RETURNSTATUS, RETURNVALUE, result sets (COLMETADATA and ROW), ERROR, and the DONE family; INFO, LOGINACK
 * and ENVCHANGE are noted or skipped. Any other token fails the reply, since its length cannot be known. It reads
 * what this server sends (no NBCROW); a SQL Server may send more.
 */
final class ReplyReader {
    /** COLMETADATA's column count when a result set has no metadata. */
    private static final int NO_METADATA = 0xFFFF;

    private Integer returnStatus;
    private final Map<String, Object> outputs = new LinkedHashMap<>();
    private final List<List<Object>> rows = new ArrayList<>();
    private List<TdsType<?>> columns = List.of();
    private SqlError firstError;
    private boolean loginAcknowledged;
    private int packetSize;

    private ReplyReader() {}

    /** Reads every token of {@code reply}, which stays owned by the caller. */
    static ReplyReader read(ByteBuf reply) {
        ReplyReader reader = new ReplyReader();
        while (reply.isReadable()) {
            reader.token(reply.readUnsignedByte(), reply);
        }
        return reader;
    }

    private void token(int token, ByteBuf in) {
        switch (token) {
            case ReturnStatusToken.TOKEN -> returnStatus = in.readIntLE();
            case ReturnValueToken.TOKEN -> returnValue(in);
            case ColMetadataToken.TOKEN -> columns(in);
            case RowToken.TOKEN -> row(in);
            case DoneToken.DONE, DoneToken.DONEPROC, DoneToken.DONEINPROC -> in.skipBytes(2 + 2 + 8);
            case ErrorToken.TOKEN -> error(in);
            case LoginAckToken.TOKEN -> {
                loginAcknowledged = true;
                skipLengthPrefixed(in);
            }
            case EnvChangeToken.TOKEN -> envChange(in);
            case InfoToken.TOKEN -> skipLengthPrefixed(in);
            default ->
                throw new TdsProtocolException("unexpected token 0x" + Integer.toHexString(token) + " in a reply");
        }
    }

    private void returnValue(ByteBuf in) {
        in.skipBytes(2); // ordinal
        String name = Utf16.read(in, in.readUnsignedByte());
        in.skipBytes(1 + 4 + 2); // status, UserType, flags
        outputs.put(name, TypeInfo.read(in).readReturnedValue(in));
    }

    private void columns(ByteBuf in) {
        int count = in.readUnsignedShortLE();
        columns = new ArrayList<>();
        if (count == NO_METADATA) {
            return;
        }
        for (int i = 0; i < count; i++) {
            in.skipBytes(4 + 2); // UserType, flags
            TdsType<?> type = TypeInfo.read(in);
            if (type instanceof TextPointerType) {
                int parts = in.readUnsignedByte();
                for (int part = 0; part < parts; part++) {
                    in.skipBytes(in.readUnsignedShortLE() * 2);
                }
            }
            in.skipBytes(in.readUnsignedByte() * 2); // column name
            columns.add(type);
        }
    }

    private void row(ByteBuf in) {
        List<Object> values = new ArrayList<>(columns.size());
        for (TdsType<?> type : columns) {
            values.add(type.readReturnedValue(in));
        }
        rows.add(values);
    }

    private void error(ByteBuf in) {
        int length = in.readUnsignedShortLE();
        int end = in.readerIndex() + length;
        int number = in.readIntLE();
        int state = in.readUnsignedByte();
        int severity = in.readUnsignedByte();
        String message = Utf16.read(in, in.readUnsignedShortLE());
        in.readerIndex(end);
        if (firstError == null) {
            firstError = new SqlError(number, state, severity, message);
        }
    }

    /** Notes a new packet size ([MS-TDS] 2.2.7.9: type 4, the new and old sizes as B_VARCHAR text). */
    private void envChange(ByteBuf in) {
        int length = in.readUnsignedShortLE();
        int end = in.readerIndex() + length;
        if (in.readUnsignedByte() == EnvChangeToken.PACKET_SIZE) {
            packetSize = Integer.parseInt(Utf16.read(in, in.readUnsignedByte()));
        }
        in.readerIndex(end);
    }

    private static void skipLengthPrefixed(ByteBuf in) {
        in.skipBytes(in.readUnsignedShortLE());
    }

    RpcReply rpcReply() {
        return new RpcReply(returnStatus, outputs, rows);
    }

    /** The reply's first ERROR, or null. */
    SqlError error() {
        return firstError;
    }

    boolean loginAcknowledged() {
        return loginAcknowledged;
    }

    /** The packet size the server switched to, or 0 if it did not say. */
    int packetSize() {
        return packetSize;
    }
}
