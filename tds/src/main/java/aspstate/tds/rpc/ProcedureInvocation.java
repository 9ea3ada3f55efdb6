package aspstate.tds.rpc;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import java.util.List;

/** A call bound and ready to run: the procedure, its arguments, and the output parameters to answer in order. */
record ProcedureInvocation(Procedure procedure, ProcedureCall call, List<OutputParameter> outputs) {}
