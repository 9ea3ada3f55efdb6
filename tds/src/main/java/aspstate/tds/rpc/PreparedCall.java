package aspstate.tds.rpc;

import aspstate.tds.sql.ExecStatement;

/**
 * A procedure call sent through sp_executesql or sp_prepexec, parsed once: the call and its declared parameters, with
 * what every execution of it would otherwise work out again (a prepared statement runs once per request): which
 * declaration each of the statement's variables names.
 */
record PreparedCall(
        ExecStatement statement, Declarations declarations, int[] argumentDeclarations, int returnDeclaration)
        implements Prepared {

    PreparedCall(ExecStatement statement, Declarations declarations) {
        this(
                statement,
                declarations,
                argumentDeclarations(statement, declarations),
                statement.returnVariable() == null
                        ? Declarations.NONE
                        : declarations.indexOf(statement.returnVariable()));
    }

    /** The declaration each argument passes, by position: {@link Declarations#NONE} for a literal or an undeclared one. */
    private static int[] argumentDeclarations(ExecStatement statement, Declarations declarations) {
        int[] indexes = new int[statement.arguments().size()];
        for (int position = 0; position < indexes.length; position++) {
            String variable = statement.arguments().get(position).variable();
            indexes[position] = variable == null ? Declarations.NONE : declarations.indexOf(variable);
        }
        return indexes;
    }

    /** The declaration the statement's argument at {@code position} passes, or {@link Declarations#NONE}. */
    int argumentDeclaration(int position) {
        return argumentDeclarations[position];
    }
}
