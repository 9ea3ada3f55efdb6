package aspstate.tds.rpc;

/**
 * A text sent through sp_executesql or sp_prepexec, parsed once with its @params: a procedure call
 * ({@link PreparedCall}) or a statement the server recognizes ({@link PreparedShape}). sp_prepexec keeps it under a
 * handle for sp_execute.
 */
sealed interface Prepared permits PreparedCall, PreparedShape {
    Declarations declarations();
}
