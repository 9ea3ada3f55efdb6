package aspstate.tds.error;

/**
 * An error as SQL Server reports it in an ERROR token: clients act on the number (ASP.NET swallows 2627 on insert;
 * mssql-jdbc maps 2627 to SQLState 23000), show the text, and decide by the class whether the connection goes on.
 * Every error this server raises is one of these, made by {@link SqlErrors}.
 *
 * @param severity the class; 11-16 are user errors that leave the connection usable
 */
public record SqlError(int number, int state, int severity, String message) {}
