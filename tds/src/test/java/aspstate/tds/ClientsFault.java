package aspstate.tds;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.BatchParser;
import aspstate.tds.wire.TdsProtocolException;

/**
 * What the fuzz tests accept as a refusal: the exceptions the server treats as the client's fault. Any other
 * exception escapes and fails the fuzz test, since the server would log it as a fault of its own.
 */
public final class ClientsFault {
    private ClientsFault() {}

    /** A wire reader: reads the bytes, or refuses them with a protocol error (the connection closes). */
    public static void readOrRefuse(Runnable read) {
        try {
            read.run();
        } catch (TdsProtocolException refused) {
            // the client's fault
        }
    }

    /** The T-SQL parser: parses the text, or refuses it with a syntax or SQL error (an ERROR token answers it). */
    public static void parseOrRefuse(String text) {
        try {
            BatchParser.parse(text);
        } catch (SqlException refused) {
            // the client's fault
        }
    }
}
