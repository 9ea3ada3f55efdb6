package aspstate.tds.rpc;

import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.type.TdsType;
import java.util.function.Function;

/**
 * An RPC parameter the client marked as output, answered with a RETURNVALUE.
 *
 * @param ordinal its position among the RPC's parameters, from 0
 * @param name    the name the client sent, echoed exactly
 * @param type    the type the client declared, in which the value goes back
 * @param value   its value once the procedure has run
 */
record OutputParameter(int ordinal, String name, TdsType<?> type, Function<ProcedureResult, Object> value) {}
