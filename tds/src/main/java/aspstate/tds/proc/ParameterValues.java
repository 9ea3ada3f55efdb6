package aspstate.tds.proc;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Values by procedure parameter name, matched as {@link ParameterNames} says (without case, the exact spelling
 * first, else the first in the order of the map it was made from); a copy, so later changes to that map do not reach
 * it. A name present with a null value is there; an absent one is not. Names are never null: the binders file
 * arguments under the procedure's declared names, and procedures file their outputs under constants.
 *
 * <p>Names and values are kept in two arrays and found by scanning the names. A call has a dozen arguments at most,
 * and both sides spell names as the procedure declares them (the binders file arguments that way, and the procedures
 * file their outputs that way), usually as the same String, which {@code equals} matches at once. A copy into a
 * HashMap rehashed every name and made a node for each: 2% of a loaded server's CPU on the TDS path, for every
 * call's arguments and outputs.
 */
final class ParameterValues {
    private final List<String> names;
    private final Object[] values;

    ParameterValues(Map<String, ?> byName) {
        String[] names = new String[byName.size()];
        Object[] values = new Object[byName.size()];
        int i = 0;
        for (Map.Entry<String, ?> entry : byName.entrySet()) {
            names[i] = entry.getKey();
            values[i] = entry.getValue();
            i++;
        }
        this.names = Arrays.asList(names);
        this.values = values;
    }

    boolean has(String parameter) {
        return indexOf(parameter) >= 0;
    }

    /** The value, or null when it is null or absent. */
    Object get(String parameter) {
        int index = indexOf(parameter);
        return index < 0 ? null : values[index];
    }

    private int indexOf(String parameter) {
        return ParameterNames.indexOf(names, Function.identity(), parameter);
    }

    @Override
    public String toString() {
        return names.toString();
    }
}
