package aspstate.tds.spstate;

import aspstate.core.spstate.SharePointProcedure;
import aspstate.core.spstate.SharePointProcedure.ProcAddItem;
import aspstate.core.spstate.SharePointProcedure.ProcDeleteItem;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithLock;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithoutLock;
import aspstate.core.spstate.SharePointProcedure.ProcRefreshItemExpiration;
import aspstate.core.spstate.SharePointProcedure.ProcReleaseItemLock;
import aspstate.core.spstate.SharePointProcedure.ProcUpdateItem;
import aspstate.core.spstate.SharePointServerProcedures;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.store.SessionStore;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.DeclaredType;
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
        SharePointItemBodies bodies = new SharePointItemBodies(items);
        return new ProcedureCatalog(List.of(
                new SessionProcedure(
                        "proc_AddItem",
                        ADD,
                        bodies.add(arguments -> new ProcAddItem(
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
                                SharePointItemBodies.noOutputs(SharePointServerProcedures.procDeleteExpiredItems())))));
    }

    /** A get: @id, then its outputs; the core record has no arguments of its own, so one instance serves all. */
    private static SessionProcedure get(SharePointItemBodies bodies, String name, SharePointProcedure procedure) {
        return new SessionProcedure(
                name,
                Stream.concat(ID_ONLY.stream(), GetItemOutputs.PARAMETERS.stream())
                        .toList(),
                bodies.onExistingItem(arguments -> procedure, GetItemOutputs::answer));
    }

    /** A release, update, delete or refresh of an existing item: inputs only. */
    private static SessionProcedure change(
            SharePointItemBodies bodies,
            String name,
            List<ProcedureParameter> inputs,
            Function<CallArguments, SharePointProcedure> request) {
        return new SessionProcedure(name, inputs, bodies.onExistingItem(request, SharePointItemBodies::noOutputs));
    }
}
