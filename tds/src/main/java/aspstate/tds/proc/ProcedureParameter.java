package aspstate.tds.proc;

/**
 * One parameter as the procedure declares it.
 *
 * @param name   with its '@', e.g. {@code @lockCookie}
 * @param output whether it is declared OUTPUT
 */
public record ProcedureParameter(String name, DeclaredType type, boolean output) {
    public static ProcedureParameter input(String name, DeclaredType type) {
        return new ProcedureParameter(name, type, false);
    }

    public static ProcedureParameter output(String name, DeclaredType type) {
        return new ProcedureParameter(name, type, true);
    }
}
