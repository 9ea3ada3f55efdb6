package aspstate.tds.spstate;

import aspstate.core.spstate.SharePointProcedure;
import aspstate.core.spstate.SharePointProcedure.ProcAddItem;
import aspstate.core.spstate.SharePointProcedure.ProcDeleteItem;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithLock;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithoutLock;
import aspstate.core.spstate.SharePointProcedure.ProcRefreshItemExpiration;
import aspstate.core.spstate.SharePointProcedure.ProcReleaseItemLock;
import aspstate.core.spstate.SharePointProcedure.ProcUpdateItem;
import aspstate.core.spstate.SharePointProcedureResult;
import aspstate.core.spstate.SharePointServerProcedures;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.ItemBodies;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.SessionProcedure;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The procedures of SharePoint's Temporary State Service ([MS-SPSTATE]; docs/spec/sql-state-procedures.md,
 * "SharePoint procedures"), bound to the store that keeps its items, in the pattern of the ASPState catalog: every
 * procedure is one line of {@link #create} with its name, its parameters in declaration order and the core record
 * it runs. Time comes from the store's clock, read inside its atomic step.
 */
public final class SharePointCatalog {
    /** SQL Server generates the suffix, so any stable one reads the same. */
    private static final String PRIMARY_KEY = "PK__TempData__3213E83F0AD2A005";

    private static final ProcedureParameter ID =
            ProcedureParameter.input("@id", DeclaredType.varchar(SharePointArguments.ID_LENGTH));
    private static final ProcedureParameter ITEM = ProcedureParameter.input("@item", DeclaredType.VARBINARY_MAX);
    private static final List<ProcedureParameter> ID_ONLY = List.of(ID);
    private static final List<ProcedureParameter> ID_COOKIE = List.of(ID, CallArguments.LOCK_COOKIE);
    private static final List<ProcedureParameter> ADD = List.of(ID, ITEM, CallArguments.TIMEOUT);
    private static final List<ProcedureParameter> UPDATE =
            List.of(ID, ITEM, CallArguments.TIMEOUT, CallArguments.LOCK_COOKIE);

    private SharePointCatalog() {}

    /** @param items a store of SharePoint items only, so their ids never meet ASP.NET session ids */
    public static ProcedureCatalog create(SessionStore<SharePointStateItem> items) {
        ItemBodies<SharePointStateItem, SharePointProcedure, SharePointProcedureResult> bodies = new ItemBodies<>(
                items,
                SharePointArguments::id,
                StoreId.SHAREPOINT_ITEMS.keys()::key,
                // The core's answer for a missing item, which reads no clock.
                procedure -> procedure.apply(null, 0).result(),
                SharePointProcedureResult::status,
                SharePointCatalog::duplicate);
        return new ProcedureCatalog(List.of(
                new SessionProcedure(
                        "proc_AddItem",
                        ADD,
                        // A NULL @id is answered 2627, as the spec's line for proc_AddItem says.
                        bodies.insert(
                                SharePointArguments::id,
                                arguments -> new ProcAddItem(
                                        SharePointArguments.item(arguments),
                                        SharePointArguments.timeout(arguments, CallArguments.INSERT)))),
                get(bodies, "proc_GetItemWithoutLock", new ProcGetItemWithoutLock()),
                get(bodies, "proc_GetItemWithLock", new ProcGetItemWithLock()),
                change(
                        bodies,
                        "proc_ReleaseItemLock",
                        ID_COOKIE,
                        arguments -> new ProcReleaseItemLock(arguments.lockCookie())),
                change(
                        bodies,
                        "proc_UpdateItem",
                        UPDATE,
                        arguments -> new ProcUpdateItem(
                                SharePointArguments.item(arguments),
                                SharePointArguments.timeout(arguments, CallArguments.UPDATE),
                                arguments.lockCookie())),
                change(bodies, "proc_DeleteItem", ID_COOKIE, arguments -> new ProcDeleteItem(arguments.lockCookie())),
                change(bodies, "proc_RefreshItemExpiration", ID_ONLY, arguments -> new ProcRefreshItemExpiration()),
                new SessionProcedure(
                        "proc_DeleteExpiredItems",
                        List.of(),
                        arguments -> CompletableFuture.completedFuture(
                                ItemBodies.noOutputs(SharePointServerProcedures.procDeleteExpiredItems())))));
    }

    /** A get: @id, then its outputs; the core record has no arguments of its own, so one instance serves all. */
    private static SessionProcedure get(
            ItemBodies<SharePointStateItem, SharePointProcedure, SharePointProcedureResult> bodies,
            String name,
            SharePointProcedure procedure) {
        return new SessionProcedure(
                name,
                Stream.concat(ID_ONLY.stream(), GetItemOutputs.PARAMETERS.stream())
                        .toList(),
                bodies.onExistingItem(arguments -> procedure, GetItemOutputs::answer));
    }

    /** A release, update, delete or refresh of an existing item: inputs only. */
    private static SessionProcedure change(
            ItemBodies<SharePointStateItem, SharePointProcedure, SharePointProcedureResult> bodies,
            String name,
            List<ProcedureParameter> inputs,
            Function<CallArguments, SharePointProcedure> request) {
        return new SessionProcedure(name, inputs, bodies.onExistingItem(request, ItemBodies::noOutputs));
    }

    private static SqlError duplicate(String id) {
        // SQL Server shows a NULL key value as <NULL> in the message.
        return SqlErrors.duplicateKey(PRIMARY_KEY, SharePointArguments.ITEMS_TABLE, id == null ? "<NULL>" : id);
    }
}
