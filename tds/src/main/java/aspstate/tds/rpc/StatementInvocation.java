package aspstate.tds.rpc;

import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.StatementArguments;
import java.util.List;

/** A recognized statement bound and ready to run: its arguments, and the output parameters to answer in order. */
record StatementInvocation(BoundStatement statement, StatementArguments arguments, List<OutputParameter> outputs) {}
