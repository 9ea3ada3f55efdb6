package aspstate.tds;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.rpc.PreparedStatements;

/** What the server remembers about a logged-in connection. */
public final class TdsSession {
    private final LoginRequest login;
    private final int spid;
    private final PreparedStatements prepared = new PreparedStatements();
    private String database;

    /** @param spid the connection's server process id, which its packets carry and @@SPID returns */
    public TdsSession(LoginRequest login, int spid, String database) {
        this.login = login;
        this.spid = spid;
        this.database = database;
    }

    public LoginRequest login() {
        return login;
    }

    /** Statements prepared with sp_prepexec; a SQL batch may unprepare them. */
    public PreparedStatements prepared() {
        return prepared;
    }

    public int spid() {
        return spid;
    }

    public String database() {
        return database;
    }

    public void database(String newDatabase) {
        database = newDatabase;
    }
}
