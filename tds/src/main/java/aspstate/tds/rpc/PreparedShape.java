package aspstate.tds.rpc;

import aspstate.tds.statement.RecognizedStatement;

/** A recognized statement sent through sp_executesql or sp_prepexec, with the parameters its @params declares. */
record PreparedShape(RecognizedStatement recognized, Declarations declarations) implements Prepared {}
