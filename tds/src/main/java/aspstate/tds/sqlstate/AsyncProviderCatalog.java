package aspstate.tds.sqlstate;

import static aspstate.tds.proc.ProcedureParameter.input;
import static aspstate.tds.proc.ProcedureParameter.output;

import aspstate.core.sqlstate.AsyncProviderProcedure.GetStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.GetStateItemExclusive;
import aspstate.core.sqlstate.AsyncProviderProcedure.InsertStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.InsertUninitializedItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.ReleaseItemExclusive;
import aspstate.core.sqlstate.AsyncProviderProcedure.RemoveStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.ResetItemTimeout;
import aspstate.core.sqlstate.AsyncProviderProcedure.UpdateStateItem;
import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlSessionProcedure;
import aspstate.core.store.SessionStore;
import aspstate.core.store.TableKeys;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.ItemBodies;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.proc.SessionProcedure;
import aspstate.tds.sqlstate.AsyncProviderProcedureName.Base;
import aspstate.tds.statement.RememberedTexts;
import aspstate.tds.token.Column;
import aspstate.tds.type.BigVarBinaryType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The procedures Microsoft's SqlSessionStateProviderAsync creates next to a session table of its own (repositoryType
 * SqlServer, InMemory, InMemoryDurable), served under every name it gives them ({@link AsyncProviderProcedureName}),
 * whether or not its CREATE PROCEDURE was seen: a procedure exists here as soon as a client names it, so a provider
 * keeps working across a restart of a server that keeps nothing. Each table's rows live in the ASPState sessions'
 * store under keys of their own ({@code [dbo].[<table>]/<id>}), with ASPState's rules; the item comes back as the
 * one-column result set of {@code SELECT @stateItem}.
 */
public final class AsyncProviderCatalog {
    private static final ProcedureParameter SESSION_ID = input("@SessionId", DeclaredType.nvarchar(88));
    private static final ProcedureParameter TIMEOUT = input("@Timeout", DeclaredType.INT);
    private static final ProcedureParameter LOCK_COOKIE = input("@LockCookie", DeclaredType.INT);
    private static final ProcedureParameter ITEM = input("@SessionItemLong", DeclaredType.VARBINARY_MAX);
    private static final List<ProcedureParameter> GET_PARAMETERS = List.of(
            SESSION_ID,
            output("@Locked", DeclaredType.BIT),
            output("@LockAge", DeclaredType.INT),
            output("@LockCookie", DeclaredType.INT),
            output("@ActionFlags", DeclaredType.INT));
    /** {@code SELECT @stateItem}: a column without a name, of @stateItem's varbinary(max). */
    private static final List<Column<?>> ITEM_COLUMNS = List.of(new Column<>("", BigVarBinaryType.MAX, true));
    /** Names looked up are remembered up to this many: a client names few. */
    private static final int MAX_REMEMBERED = 256;
    /** A procedure's name is a sysname, at most 128 characters. */
    private static final int SYSNAME_LENGTH = 128;

    private final SessionStore<SqlSessionItem> sessions;
    private final RememberedTexts<Optional<Procedure>> remembered =
            new RememberedTexts<>(MAX_REMEMBERED, SYSNAME_LENGTH);

    private AsyncProviderCatalog(SessionStore<SqlSessionItem> sessions) {
        this.sessions = sessions;
    }

    /** The procedures, kept with the ASPState sessions. */
    public static ProcedureCatalog create(SessionStore<SqlSessionItem> sessions) {
        AsyncProviderCatalog catalog = new AsyncProviderCatalog(sessions);
        return new ProcedureCatalog(List.of(), List.of(catalog::find));
    }

    /** Remembered under the name as spelled: a client spells a procedure's name the same way every time. */
    private Optional<Procedure> find(String name) {
        return remembered.get(
                name, spelled -> AsyncProviderProcedureName.parse(spelled).map(parsed -> procedure(spelled, parsed)));
    }

    private Procedure procedure(String name, AsyncProviderProcedureName parsed) {
        List<String> table = List.of(TableKeys.DEFAULT_SCHEMA, parsed.table());
        String qualified = TableKeys.qualified(table);
        SessionRows rows =
                new SessionRows(TableKeys.prefix(table), SESSION_ID.name(), "", qualified, primaryKey(parsed.table()));
        ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> items = rows.bodies(sessions);
        return switch (parsed.base()) {
            case GET_STATE_ITEM_EXCLUSIVE ->
                new SessionProcedure(
                        name,
                        GET_PARAMETERS,
                        items.onExistingItem(
                                arguments -> new GetStateItemExclusive(), result -> answer(result, parsed.inMemory())));
            case GET_STATE_ITEM ->
                new SessionProcedure(
                        name,
                        GET_PARAMETERS,
                        items.onExistingItem(arguments -> new GetStateItem(), result -> answer(result, false)));
            case DELETE_EXPIRED_SESSION_STATE ->
                new SessionProcedure(
                        name, List.of(), arguments -> CompletableFuture.completedFuture(ProcedureResult.of(Map.of())));
            case INSERT_STATE_ITEM ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID, TIMEOUT, ITEM),
                        items.insert(
                                rows::insertedId,
                                arguments -> new InsertStateItem(
                                        item(arguments), arguments.timeoutIn(qualified, CallArguments.INSERT))));
            case INSERT_UNINITIALIZED_ITEM ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID, TIMEOUT, ITEM),
                        items.insert(
                                rows::insertedId,
                                arguments -> new InsertUninitializedItem(
                                        item(arguments), arguments.timeoutIn(qualified, CallArguments.INSERT))));
            case RELEASE_ITEM_EXCLUSIVE ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID, LOCK_COOKIE),
                        items.onExistingItem(
                                arguments -> new ReleaseItemExclusive(arguments.lockCookie()), ItemBodies::noOutputs));
            case REMOVE_STATE_ITEM ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID, LOCK_COOKIE),
                        items.onExistingItem(
                                arguments -> new RemoveStateItem(arguments.lockCookie()), ItemBodies::noOutputs));
            case RESET_ITEM_TIMEOUT ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID),
                        items.onExistingItem(arguments -> new ResetItemTimeout(), ItemBodies::noOutputs));
            case UPDATE_STATE_ITEM ->
                new SessionProcedure(
                        name,
                        List.of(SESSION_ID, LOCK_COOKIE, TIMEOUT, ITEM),
                        items.onExistingItem(
                                arguments -> new UpdateStateItem(
                                        item(arguments),
                                        arguments.timeoutIn(qualified, CallArguments.UPDATE),
                                        arguments.lockCookie()),
                                ItemBodies::noOutputs));
        };
    }

    private static byte[] item(CallArguments arguments) {
        return arguments.value(ITEM.name(), byte[].class);
    }

    /**
     * A get's outputs and the item's result set. For a missing session every output stays as the client sent it,
     * NULL, but for an in-memory table's exclusive get, whose procedure sets @ActionFlags to 0 before it finds out.
     */
    private static ProcedureResult answer(SqlProcedureResult result, boolean inMemoryExclusive) {
        Map<String, Object> outputs = new HashMap<>();
        outputs.put("@Locked", result.locked());
        outputs.put("@LockAge", result.lockAgeSeconds());
        outputs.put("@LockCookie", result.lockCookie());
        Integer actionFlags = result.actionFlags();
        outputs.put("@ActionFlags", actionFlags == null && inMemoryExclusive ? Integer.valueOf(0) : actionFlags);
        if (!result.hasItemLongResultSet()) {
            return ProcedureResult.of(outputs);
        }
        return ProcedureResult.of(outputs, List.of(new RowSet(ITEM_COLUMNS, List.of(Arrays.asList((Object)
                result.itemLongResultSet())))));
    }

    /** SQL Server names a primary key after the first 8 characters of its table and a generated suffix. */
    private static String primaryKey(String table) {
        return "PK__" + table.substring(0, Math.min(8, table.length())) + "__C9F4929071D2A2A5";
    }

    /** The base procedure a name stands for, if it is one of the provider's. */
    static Optional<Base> baseOf(String name) {
        return AsyncProviderProcedureName.parse(name).map(AsyncProviderProcedureName::base);
    }
}
