package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureParameter;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects arguments by the procedure's parameter names, from values passed by name or by position, with the
 * checks SQL Server makes before it runs a procedure.
 */
public final class ProcedureArguments {
    private final Procedure procedure;
    private final Map<String, Object> byParameter = new HashMap<>();

    public ProcedureArguments(Procedure procedure) {
        this.procedure = procedure;
    }

    /**
     * The parameter an argument binds to.
     *
     * @param named    the name the caller gave ({@code @id}), or null to bind by position
     * @param position the argument's position among the call's arguments, from 0
     */
    public String parameterFor(String named, int position) {
        if (named != null) {
            return procedure
                    .parameter(named)
                    .map(ProcedureParameter::name)
                    .orElseThrow(() -> SqlException.userError(
                            SqlErrors.NOT_A_PARAMETER,
                            named + " is not a parameter for procedure " + procedure.name() + "."));
        }
        if (position >= procedure.parameters().size()) {
            throw SqlException.userError(
                    SqlErrors.TOO_MANY_ARGUMENTS,
                    "Procedure or function " + procedure.name() + " has too many arguments specified.");
        }
        return procedure.parameters().get(position).name();
    }

    public void put(String parameter, Object value) {
        byParameter.put(parameter, value);
    }

    public Map<String, Object> values() {
        return byParameter;
    }
}
