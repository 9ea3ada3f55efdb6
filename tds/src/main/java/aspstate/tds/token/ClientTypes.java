package aspstate.tds.token;

import aspstate.tds.type.TdsType;
import aspstate.tds.wire.TdsVersion;

/**
 * The type a value goes to the client in, by the TDS version it speaks: one rule for COLMETADATA, ROW and
 * RETURNVALUE, so that a column's metadata and its values always agree.
 */
final class ClientTypes {
    private ClientTypes() {}

    static <T> TdsType<T> of(TdsType<T> type, TdsVersion version) {
        return version.isAtLeast(TdsVersion.V7_2) ? type : type.beforeTds72();
    }
}
