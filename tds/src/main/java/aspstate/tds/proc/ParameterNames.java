package aspstate.tds.proc;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a parameter name is matched, for a procedure's parameters and a call's arguments and outputs alike: without
 * regard to case, as SQL Server compares names under the server's collation, trying the exact spelling first.
 * Clients and procedures spell names as declared, so the exact pass usually decides, rejecting most candidates on
 * length or first character; should two names differ only in case (no procedure declares such a pair), the one
 * spelled exactly as asked wins.
 */
final class ParameterNames {
    private ParameterNames() {}

    /** The first candidate whose name is exactly {@code name}, else the first whose name is it ignoring case. */
    static <T> Optional<T> find(List<T> candidates, Function<T, String> nameOf, String name) {
        int index = indexOf(candidates, nameOf, name);
        return index < 0 ? Optional.empty() : Optional.of(candidates.get(index));
    }

    /** Where {@link #find} would find {@code name} among the candidates; -1 when it would not. */
    static <T> int indexOf(List<T> candidates, Function<T, String> nameOf, String name) {
        // Loops, not a stream: every argument of every call is looked up here.
        for (int i = 0; i < candidates.size(); i++) {
            if (nameOf.apply(candidates.get(i)).equals(name)) {
                return i;
            }
        }
        for (int i = 0; i < candidates.size(); i++) {
            if (nameOf.apply(candidates.get(i)).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
