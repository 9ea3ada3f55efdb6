package aspstate.tds;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.rpc.PreparedStatements;

/** What the server remembers about a logged-in connection. */
final class TdsSession {
    private final LoginRequest login;
    private final PreparedStatements prepared = new PreparedStatements();
    private String database;

    TdsSession(LoginRequest login, String database) {
        this.login = login;
        this.database = database;
    }

    LoginRequest login() {
        return login;
    }

    /** Statements prepared with sp_prepexec; a SQL batch may unprepare them. */
    PreparedStatements prepared() {
        return prepared;
    }

    String database() {
        return database;
    }

    void database(String newDatabase) {
        database = newDatabase;
    }
}
