package aspstate.tds.spstate;

import aspstate.core.spstate.SharePointProcedure;
import aspstate.core.spstate.SharePointProcedureResult;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.store.SessionStore;
import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.SessionProcedure.Body;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Bodies of the procedures on one item: the arguments become a core {@link SharePointProcedure}, which the store runs
 * atomically under the item's @id, and its result becomes the procedure's answer.
 */
final class SharePointItemBodies {
    /** SQL Server generates the suffix, so any stable one reads the same. */
    private static final String PRIMARY_KEY = "PK__TempData__3213E83F0AD2A005";

    private final SessionStore<SharePointStateItem> items;

    SharePointItemBodies(SessionStore<SharePointStateItem> items) {
        this.items = items;
    }

    /**
     * Every procedure but proc_AddItem: a NULL @id matches no item, so the answer is the core's for a missing item
     * (which reads no clock). The other arguments are checked either way.
     */
    Body onExistingItem(
            Function<CallArguments, SharePointProcedure> request,
            Function<SharePointProcedureResult, ProcedureResult> answer) {
        return arguments -> {
            String id = SharePointArguments.id(arguments);
            SharePointProcedure procedure = request.apply(arguments);
            if (id == null) {
                return CompletableFuture.completedFuture(
                        answer.apply(procedure.apply(null, 0).result()));
            }
            return run(id, procedure, answer);
        };
    }

    /** proc_AddItem: a NULL @id is answered 2627, as the spec's line for it says, before the store is involved. */
    Body add(Function<CallArguments, SharePointProcedure> request) {
        return arguments -> {
            String id = SharePointArguments.id(arguments);
            SharePointProcedure procedure = request.apply(arguments);
            if (id == null) {
                return CompletableFuture.completedFuture(ProcedureResult.failed(duplicate(null)));
            }
            return run(id, procedure, SharePointItemBodies::noOutputs);
        };
    }

    /** The answer of a procedure without outputs: return status 0. */
    static ProcedureResult noOutputs(SharePointProcedureResult result) {
        return ProcedureResult.of(Map.of());
    }

    private CompletionStage<ProcedureResult> run(
            String id, SharePointProcedure procedure, Function<SharePointProcedureResult, ProcedureResult> answer) {
        return items.execute(key(id), procedure).thenApply(result -> switch (result.status()) {
            case OK -> answer.apply(result);
            case DUPLICATE_KEY -> ProcedureResult.failed(duplicate(id));
        });
    }

    private static SqlError duplicate(String id) {
        // SQL Server shows a NULL key value as <NULL> in the message.
        return SqlErrors.duplicateKey(PRIMARY_KEY, SharePointArguments.ITEMS_TABLE, id == null ? "<NULL>" : id);
    }

    /** @id compares under SQL Server's case-insensitive default collation: ids differing only in case are one item. */
    private static String key(String id) {
        return id.toLowerCase(Locale.ROOT);
    }
}
