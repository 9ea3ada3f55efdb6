package aspstate.tds.sqlstate;

import java.util.Optional;

/**
 * A procedure name as Microsoft's SqlSessionStateProviderAsync makes them, read back: one of its nine procedures,
 * {@code <table>_<procedure>} for a configured table name, or for the default tables the bare name
 * (ASPNetSessionState, repositoryType SqlServer), the name and {@code M} (ASPNetSessionState_InMem, InMemory) or
 * {@code MD} (ASPNetSessionState_InMemDurable, InMemoryDurable).
 *
 * @param table    the table the procedure works on
 * @param inMemory a procedure of an in-memory table (natively compiled), as the default names tell; a table prefix
 *                 does not say, and such a procedure counts as one of a table on disk
 */
record AsyncProviderProcedureName(String table, Base base, boolean inMemory) {
    static final String DEFAULT_TABLE = "ASPNetSessionState";
    static final String IN_MEMORY_TABLE = "ASPNetSessionState_InMem";
    static final String DURABLE_IN_MEMORY_TABLE = "ASPNetSessionState_InMemDurable";
    private static final String IN_MEMORY_POSTFIX = "M";
    private static final String DURABLE_IN_MEMORY_POSTFIX = "MD";

    /** The nine procedures, by the names the provider gives them before a prefix or postfix. */
    enum Base {
        GET_STATE_ITEM_EXCLUSIVE("GetStateItemExclusive"),
        GET_STATE_ITEM("GetStateItem"),
        DELETE_EXPIRED_SESSION_STATE("DeleteExpiredSessionState"),
        INSERT_STATE_ITEM("InsertStateItem"),
        INSERT_UNINITIALIZED_ITEM("InsertUninitializedItem"),
        RELEASE_ITEM_EXCLUSIVE("ReleaseItemExclusive"),
        REMOVE_STATE_ITEM("RemoveStateItem"),
        RESET_ITEM_TIMEOUT("ResetItemTimeout"),
        UPDATE_STATE_ITEM("UpdateStateItem");

        final String procedureName;

        Base(String procedureName) {
            this.procedureName = procedureName;
        }

        static Optional<Base> named(String name) {
            for (Base base : values()) {
                if (base.procedureName.equalsIgnoreCase(name)) {
                    return Optional.of(base);
                }
            }
            return Optional.empty();
        }
    }

    /** The procedure this bare name (any case) is, if the provider gives one that name. */
    static Optional<AsyncProviderProcedureName> parse(String name) {
        int underscore = name.lastIndexOf('_');
        if (underscore > 0) {
            return Base.named(name.substring(underscore + 1))
                    .map(base -> new AsyncProviderProcedureName(name.substring(0, underscore), base, false));
        }
        for (Base base : Base.values()) {
            String bare = base.procedureName;
            if (name.equalsIgnoreCase(bare)) {
                return Optional.of(new AsyncProviderProcedureName(DEFAULT_TABLE, base, false));
            }
            if (name.equalsIgnoreCase(bare + IN_MEMORY_POSTFIX)) {
                return Optional.of(new AsyncProviderProcedureName(IN_MEMORY_TABLE, base, true));
            }
            if (name.equalsIgnoreCase(bare + DURABLE_IN_MEMORY_POSTFIX)) {
                return Optional.of(new AsyncProviderProcedureName(DURABLE_IN_MEMORY_TABLE, base, true));
            }
        }
        return Optional.empty();
    }
}
