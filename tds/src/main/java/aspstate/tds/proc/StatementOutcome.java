package aspstate.tds.proc;

/**
 * What one statement inside a call answers before the call's own end: a result set, or the count of rows a data
 * statement affected. SQL Server sends them in the order the statements ran.
 */
public sealed interface StatementOutcome permits RowSet, RowCount {}
