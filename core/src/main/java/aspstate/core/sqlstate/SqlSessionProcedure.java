package aspstate.core.sqlstate;

import aspstate.core.store.Mutation;

/**
 * A procedure on one row of a session table of ASPState's columns: aspnet_regsql's (ASPState's Temp* procedures)
 * or one the async provider made for itself. The TDS layer runs either kind the same way.
 */
public sealed interface SqlSessionProcedure extends Mutation<SqlSessionItem, SqlProcedureResult>
        permits SqlStateProcedure, AsyncProviderProcedure {}
