package aspstate.tds.proc;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The arguments of one call, by the procedure's parameter names (case-insensitive, as SQL Server matches them
 * under the server's collation). A parameter the client did not pass is absent; one it passed as NULL is null.
 */
public final class ProcedureCall {
    private final Map<String, Object> arguments;

    public ProcedureCall(Map<String, ?> arguments) {
        Map<String, Object> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(arguments);
        this.arguments = Collections.unmodifiableMap(byName);
    }

    public boolean has(String parameter) {
        return arguments.containsKey(parameter);
    }

    /** The argument as its wire type reads it (Integer/Long, Boolean, byte[], String, LocalDateTime), or null. */
    public <T> T value(String parameter, Class<T> type) {
        return type.cast(arguments.get(parameter));
    }

    @Override
    public String toString() {
        return "ProcedureCall" + arguments.keySet();
    }
}
