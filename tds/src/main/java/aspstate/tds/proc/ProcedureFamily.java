package aspstate.tds.proc;

import java.util.Optional;

/**
 * Procedures whose names follow a pattern rather than a list, such as the ones a client creates for each table it
 * makes ({@code <table>_GetStateItem}): found when a client names one.
 */
@FunctionalInterface
public interface ProcedureFamily {
    /** The procedure of this bare name (no schema, no brackets), in any case, or empty. */
    Optional<Procedure> find(String name);
}
