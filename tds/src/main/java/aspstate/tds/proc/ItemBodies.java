package aspstate.tds.proc;

import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.Mutation;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.tds.error.SqlError;
import aspstate.tds.proc.SessionProcedure.Body;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Bodies of the procedures on one item of a session store, for every procedure family (ASPState and the async
 * provider's tables, SharePoint's items): the arguments become a core procedure, which the store runs atomically under
 * the item's key, and its result becomes the procedure's answer. A family gives its rules: how its procedures name
 * the id, how an id becomes the store key, what a procedure answers when a NULL id can find no item, and the
 * duplicate-key error of its table.
 *
 * @param <V> the store's values
 * @param <P> the family's core procedures
 * @param <R> what they answer
 */
public final class ItemBodies<V extends StoredValue, P extends Mutation<V, R>, R> {
    private final SessionStore<V> store;
    private final Function<CallArguments, String> id;
    private final UnaryOperator<String> key;
    private final Function<P, R> noItem;
    private final Function<R, Status> status;
    private final Function<String, SqlError> duplicate;

    /**
     * @param id        reads the item's id from a call (null: SQL NULL)
     * @param key       the store key of an id
     * @param noItem    what a procedure answers for the item a NULL id cannot find (without the store)
     * @param status    a result's status: OK, or the duplicate-key error
     * @param duplicate the duplicate-key error for an id (null for a NULL id)
     */
    public ItemBodies(
            SessionStore<V> store,
            Function<CallArguments, String> id,
            UnaryOperator<String> key,
            Function<P, R> noItem,
            Function<R, Status> status,
            Function<String, SqlError> duplicate) {
        this.store = store;
        this.id = id;
        this.key = key;
        this.noItem = noItem;
        this.status = status;
        this.duplicate = duplicate;
    }

    /** The answer of a procedure without outputs or result sets: return status 0. */
    public static <R> ProcedureResult noOutputs(R result) {
        return ProcedureResult.of(Map.of());
    }

    /**
     * A get, update, release, remove or refresh: it finds the item by its id, so a NULL id finds nothing, as
     * {@code WHERE id = NULL} does. The other arguments are checked either way.
     *
     * @param answer what the procedure answers for what it did: its outputs and result set
     */
    public Body onExistingItem(Function<CallArguments, ? extends P> request, Function<R, ProcedureResult> answer) {
        return arguments -> {
            String itemId = id.apply(arguments);
            P procedure = request.apply(arguments);
            if (itemId == null) {
                return CompletableFuture.completedFuture(answer.apply(noItem.apply(procedure)));
            }
            return run(itemId, procedure, answer);
        };
    }

    /**
     * An insert: the id is the primary key. {@code insertedId} reads it, refusing NULL where the family's table does;
     * a NULL it lets through is answered with the duplicate-key error, before the store is involved.
     */
    public Body insert(Function<CallArguments, String> insertedId, Function<CallArguments, ? extends P> request) {
        return arguments -> {
            String itemId = insertedId.apply(arguments);
            P procedure = request.apply(arguments);
            if (itemId == null) {
                return CompletableFuture.completedFuture(ProcedureResult.failed(duplicate.apply(null)));
            }
            return run(itemId, procedure, ItemBodies::noOutputs);
        };
    }

    private CompletionStage<ProcedureResult> run(String itemId, P procedure, Function<R, ProcedureResult> answer) {
        return store.execute(key.apply(itemId), procedure).thenApply(result -> switch (status.apply(result)) {
            case OK -> answer.apply(result);
            case DUPLICATE_KEY -> ProcedureResult.failed(duplicate.apply(itemId));
        });
    }
}
