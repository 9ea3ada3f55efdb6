package aspstate.store.infinispan;

import java.util.Locale;

/**
 * Turns what Infinispan and JGroups throw while starting into a {@link StoreStartException} an operator can act on.
 * Their failures arrive wrapped several times, with the telling text at the bottom, so the whole cause chain is read.
 */
final class StartFailure {
    private StartFailure() {}

    static RuntimeException explain(RuntimeException failure, InfinispanSettings settings) {
        if (failure instanceof StoreStartException) {
            return failure;
        }
        String chain = chainText(failure).toLowerCase(Locale.ROOT);
        ClusterSettings cluster = settings.cluster();
        String address = cluster.nodeName();
        if (chain.contains("address already in use") || chain.contains("no available port to bind to")) {
            return new StoreStartException(
                    StoreStartException.Reason.CLUSTER_PORT_IN_USE,
                    "address " + address + " is already in use",
                    failure);
        }
        if (chain.contains("cannot assign requested address")) {
            return new StoreStartException(
                    StoreStartException.Reason.CLUSTER_ADDRESS_NOT_LOCAL,
                    cluster.bindAddress().getHostAddress() + " is not an address of this machine",
                    failure);
        }
        if (chain.contains("isn000") && chain.contains("initial cluster") || chain.contains("timed out waiting")) {
            return new StoreStartException(
                    StoreStartException.Reason.NO_QUORUM,
                    "fewer than "
                            + InfinispanStores.quorum(cluster) + " nodes (a majority of the members, this one "
                            + "included) answered within "
                            + settings.quorumTimeout().toSeconds() + " s; check the "
                            + "member addresses, that the other nodes run with the same cluster name and secret, and "
                            + "the firewall",
                    failure);
        }
        return failure;
    }

    private static String chainText(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            text.append(cause.getClass().getName())
                    .append(": ")
                    .append(cause.getMessage())
                    .append('\n');
        }
        return text.toString();
    }
}
