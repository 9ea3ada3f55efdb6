package aspstate.tds.sql;

/**
 * T-SQL this server cannot run, reported as SQL Server reports a syntax error (102, "Incorrect syntax near"),
 * with the 1-based character position so a user can see where the supported subset ended.
 */
public final class SqlSyntaxException extends RuntimeException {
    private final String near;
    private final int position;

    SqlSyntaxException(String near, int position, String expected) {
        super("Incorrect syntax near '" + near + "' at character " + position + ": expected " + expected + ".");
        this.near = near;
        this.position = position;
    }

    public String near() {
        return near;
    }

    public int position() {
        return position;
    }
}
