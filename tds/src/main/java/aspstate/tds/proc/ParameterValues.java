package aspstate.tds.proc;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Values by procedure parameter name, matched as {@link ParameterNames} says (without case, the exact spelling
 * first); a copy, so later changes to the map it was made from do not reach it. A name present with a null value
 * is there; an absent one is not.
 *
 * <p>Both sides of a call spell names as the procedure declares them (the binders file arguments that way, and the
 * procedures file their outputs that way), so a lookup first tries the name as given: one hash lookup, where a
 * case-insensitive sorted map compared names character by character on every call (about 3% of a loaded server's
 * CPU on the TDS path for a call's arguments, 1% for its outputs). Only a name in another case falls back to
 * comparing without case.
 */
final class ParameterValues {
    private final Map<String, Object> byName;

    ParameterValues(Map<String, ?> values) {
        this.byName = new HashMap<>(values);
    }

    boolean has(String parameter) {
        return keyFor(parameter) != null;
    }

    /** The value, or null when it is null or absent. */
    Object get(String parameter) {
        String key = keyFor(parameter);
        return key == null ? null : byName.get(key);
    }

    /** The name the value is filed under, whatever the case {@code parameter} is spelled in; null when absent. */
    private String keyFor(String parameter) {
        if (byName.containsKey(parameter)) {
            return parameter; // the exact spelling, by hash rather than by ParameterNames' scan
        }
        return ParameterNames.find(byName.keySet(), Function.identity(), parameter).orElse(null);
    }

    @Override
    public String toString() {
        return byName.keySet().toString();
    }
}
