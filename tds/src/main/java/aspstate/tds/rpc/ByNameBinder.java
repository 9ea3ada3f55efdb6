package aspstate.tds.rpc;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.request.RpcRequest;
import aspstate.tds.type.TdsType;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds an RPC that names the procedure (.NET SqlClient, jTDS, tedious): parameters by name or by position, every
 * output parameter answered under the name the client sent, in the type the procedure declares it with.
 */
final class ByNameBinder {
    private ByNameBinder() {}

    static ProcedureInvocation bind(Procedure procedure, RpcRequest rpc) {
        ProcedureArguments arguments = new ProcedureArguments(procedure);
        List<OutputParameter> outputs = new ArrayList<>();
        List<RpcParameter> parameters = rpc.parameters();
        for (int ordinal = 0; ordinal < parameters.size(); ordinal++) {
            RpcParameter sent = parameters.get(ordinal);
            String parameter = arguments.parameterFor(sent.named() ? sent.name() : null, ordinal);
            // DEFAULT_VALUE asks for the procedure's default, which is what an absent argument gets.
            if ((sent.status() & RpcParameter.DEFAULT_VALUE) == 0) {
                arguments.put(parameter, sent.value().value());
            }
            if (sent.output()) {
                Object input = sent.value().value();
                TdsType<?> type = procedure
                        .parameter(parameter)
                        .filter(ProcedureParameter::output)
                        .<TdsType<?>>map(declared -> declared.type().wireType())
                        .orElse(sent.value().type());
                outputs.add(new OutputParameter(
                        ordinal,
                        sent.name(),
                        type,
                        result -> result.hasOutput(parameter) ? result.output(parameter) : input));
            }
        }
        return new ProcedureInvocation(procedure, new ProcedureCall(arguments.values()), List.copyOf(outputs));
    }
}
