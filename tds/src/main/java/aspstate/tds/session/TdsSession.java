package aspstate.tds.session;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.rpc.PreparedStatements;

/** What the server remembers about a logged-in connection. */
public final class TdsSession {
    /** The descriptor of no transaction. */
    public static final long NO_TRANSACTION = 0;

    private final LoginRequest login;
    private final int spid;
    private final String loginDatabase;
    private final PreparedStatements prepared = new PreparedStatements();
    private String database;
    /** The descriptor of the transaction the client began, or {@link #NO_TRANSACTION}. */
    private long transaction = NO_TRANSACTION;

    private long lastTransaction;

    /**
     * @param spid          the connection's server process id, which its packets carry and @@SPID returns
     * @param loginDatabase the database the login put the session in
     */
    public TdsSession(LoginRequest login, int spid, String loginDatabase) {
        this.login = login;
        this.spid = spid;
        this.loginDatabase = loginDatabase;
        this.database = loginDatabase;
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

    /** A new transaction's descriptor, which is then the current one; the one before it, if any, ends. */
    public long beginTransaction() {
        transaction = ++lastTransaction;
        return transaction;
    }

    /** Ends the current transaction; its descriptor, or {@link #NO_TRANSACTION} when there was none. */
    public long endTransaction() {
        long ended = transaction;
        transaction = NO_TRANSACTION;
        return ended;
    }

    /**
     * Back to the state the login left ([MS-TDS] 2.2.3.1.2 RESETCONNECTION: "simulating a logout and a subsequent
     * login"), as SQL Server's sp_reset_connection does: the login's database again, and no prepared statements
     * (SQL Server drops them; mssql-jdbc clears its handle cache on reset for that reason). SET options have no
     * effect here, so there are none to reset; a transaction still open ends, as it would be rolled back.
     */
    public void reset() {
        database = loginDatabase;
        prepared.unprepareAll();
        transaction = NO_TRANSACTION;
    }
}
