package aspstate.tds.batch;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.session.TdsSession;
import aspstate.tds.sql.BatchStatement;
import aspstate.tds.sql.DeclareStatement;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.Expression;
import aspstate.tds.sql.SelectStatement;
import aspstate.tds.sql.SetVariableStatement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What SQL Server checks when it compiles a batch, before any of it runs: every variable is declared above its
 * first use (137) and only once (134), and every @@ variable exists (137).
 */
final class DeclarationCheck {
    private final Set<String> declared = new HashSet<>();
    private final TdsSession session;

    private DeclarationCheck(TdsSession session) {
        this.session = session;
    }

    /** @throws SqlException at the first variable in error */
    static void check(List<BatchStatement> statements, TdsSession session) {
        DeclarationCheck check = new DeclarationCheck(session);
        for (BatchStatement statement : statements) {
            check.statement(statement);
        }
    }

    private void statement(BatchStatement statement) {
        if (statement instanceof DeclareStatement declare) {
            for (DeclareStatement.Declared variable : declare.variables()) {
                if (variable.initial() != null) {
                    used(variable.initial());
                }
                if (!declared.add(BatchVariables.key(variable.name()))) {
                    throw SqlException.userError(
                            SqlErrors.DUPLICATE_VARIABLE,
                            "The variable name '"
                                    + variable.name()
                                    + "' has already been declared. Variable names must be unique within a "
                                    + "query batch or stored procedure.");
                }
            }
        } else if (statement instanceof SetVariableStatement set) {
            used(set.variable());
            used(set.value());
        } else if (statement instanceof SelectStatement select) {
            select.items().forEach(item -> used(item.value()));
        } else if (statement instanceof ExecStatement exec) {
            if (exec.returnVariable() != null) {
                used(new Expression.Variable(exec.returnVariable(), 0));
            }
            exec.arguments().forEach(argument -> used(argument.value()));
        }
    }

    private void used(Expression expression) {
        if (!(expression instanceof Expression.Variable variable)) {
            return;
        }
        boolean known = variable.isSystem()
                ? SystemVariables.value(variable.name(), session).isPresent()
                : declared.contains(BatchVariables.key(variable.name()));
        if (!known) {
            throw SqlException.of(SqlErrors.undeclared(variable.name()));
        }
    }
}
