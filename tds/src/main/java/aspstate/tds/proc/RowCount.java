package aspstate.tds.proc;

/**
 * The rows an UPDATE, INSERT or DELETE affected, which SQL Server reports in a DONEINPROC (DONE in a batch) with
 * DONE_COUNT, naming the statement.
 *
 * @param command the statement's CurCmd, e.g. {@code DoneToken.UPDATE_COMMAND}
 */
public record RowCount(int command, long rows) implements StatementOutcome {}
