package aspstate.tds.client;

import aspstate.tds.error.SqlError;

/** The server answered a request with an ERROR token; the connection stays usable for severities below 20. */
public final class TdsServerError extends Exception {
    private final transient SqlError error;

    public TdsServerError(String request, SqlError error) {
        super(request + ": error " + error.number() + " (severity " + error.severity() + "): " + error.message());
        this.error = error;
    }

    public SqlError error() {
        return error;
    }
}
