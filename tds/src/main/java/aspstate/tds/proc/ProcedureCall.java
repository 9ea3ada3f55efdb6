package aspstate.tds.proc;

import java.util.Map;

/**
 * The arguments of one call, by the procedure's parameter names (case-insensitive, as SQL Server matches them
 * under the server's collation). A parameter the client did not pass is absent; one it passed as NULL is null.
 */
public final class ProcedureCall {
    private final ParameterValues arguments;

    public ProcedureCall(Map<String, ?> arguments) {
        this.arguments = new ParameterValues(arguments);
    }

    public boolean has(String parameter) {
        return arguments.has(parameter);
    }

    /** The argument as its wire type reads it (Integer/Long, Boolean, byte[], String, LocalDateTime), or null. */
    public <T> T value(String parameter, Class<T> type) {
        return type.cast(arguments.get(parameter));
    }

    @Override
    public String toString() {
        return "ProcedureCall" + arguments;
    }
}
