package aspstate.tds.rpc;

import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.ParameterDeclarations.Declaration;
import java.util.List;

/** A statement sent through sp_executesql or sp_prepexec, parsed once: the call and its declared parameters. */
record PreparedCall(ExecStatement statement, List<Declaration> declarations) {
}
