package aspstate.tds;

import aspstate.tds.login.LoginRequest;

/** What the server remembers about a logged-in connection. */
final class TdsSession {
    private final LoginRequest login;
    private String database;

    TdsSession(LoginRequest login, String database) {
        this.login = login;
        this.database = database;
    }

    LoginRequest login() {
        return login;
    }

    String database() {
        return database;
    }

    void database(String newDatabase) {
        database = newDatabase;
    }
}
