package aspstate.store.infinispan;

import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.infinispan.commons.IllegalLifecycleStateException;
import org.infinispan.commons.TimeoutException;
import org.infinispan.partitionhandling.AvailabilityException;
import org.infinispan.remoting.RemoteException;
import org.infinispan.remoting.transport.jgroups.SuspectException;
import org.infinispan.statetransfer.AllOwnersLostException;
import org.infinispan.statetransfer.OutdatedTopologyException;
import org.infinispan.topology.MissingMembersException;

/**
 * Infinispan's failures as the store SPI names them: a partition, a lost node or a stopping cache is
 * {@link StoreUnavailableException} (expected in a cluster, answered without a stack trace), anything else passes
 * through as the bug or failure it is.
 */
final class StoreFailures {
    private StoreFailures() {}

    /** The same stage, with Infinispan's availability failures replaced by {@link StoreUnavailableException}. */
    static <T> CompletionStage<T> translate(CompletionStage<T> stage) {
        return stage.handle((value, failure) -> {
            if (failure != null) {
                throw rethrow(failure);
            }
            return value;
        });
    }

    /** The failure to rethrow from a stage's function: translated, and unwrapped from CompletionException. */
    static RuntimeException rethrow(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof StoreFullException || cause instanceof StoreUnavailableException) {
            return (RuntimeException) cause;
        }
        if (isUnavailability(cause)) {
            return new StoreUnavailableException(describe(cause), cause);
        }
        return cause instanceof RuntimeException ? (RuntimeException) cause : new CompletionException(cause);
    }

    /**
     * Whether the call failed only because a member left the cluster while it was under way (the member it waited
     * on was suspected, or the key's owners changed): the survivors can serve the key, so the call is worth making
     * again. Infinispan retries most such calls itself; these are the ones that reached us. A partition, where this
     * side may not serve the key, is not one of them.
     */
    static boolean memberLeft(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SuspectException
                    || cause instanceof OutdatedTopologyException
                    || cause instanceof AllOwnersLostException) {
                return true;
            }
            if (cause instanceof AvailabilityException) {
                return false;
            }
        }
        return false;
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof RemoteException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static boolean isUnavailability(Throwable cause) {
        return cause instanceof AvailabilityException
                || cause instanceof TimeoutException
                || cause instanceof SuspectException
                || cause instanceof IllegalLifecycleStateException
                || cause instanceof MissingMembersException;
    }

    private static String describe(Throwable cause) {
        if (cause instanceof AvailabilityException) {
            return "this node is cut off from the owners of the key (network partition or too few nodes)";
        }
        if (cause instanceof MissingMembersException) {
            return "the cluster is restarting and waits for all of its nodes to be back";
        }
        if (cause instanceof IllegalLifecycleStateException) {
            return "the store is stopping";
        }
        return "the cluster did not answer in time (" + cause.getClass().getSimpleName() + ")";
    }
}
