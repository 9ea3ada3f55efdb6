package aspstate.admin;

import aspstate.core.store.StoreStatistics;
import aspstate.transport.ConnectionStatistics;
import java.util.List;
import java.util.Map;

/** What the running server tells the admin listener about itself. */
public interface ServerStatus {
    /** The server's version, e.g. 0.1.0. */
    String version();

    /** What the startup line says of the store, e.g. "memory (max-memory 3 GiB)". */
    String storeDescription();

    /**
     * What must hold for the server to be ready (e.g. listeners, store, cluster), in the order
     * {@code /health/ready} reports them; asked once, when the admin listener starts.
     */
    List<ReadinessCheck> readinessChecks();

    /** Every store by name, the application ids included. */
    Map<String, StoreStatistics> storeStatistics();

    long maxMemoryBytes();

    long usedMemoryBytes();

    /** The protocol listeners' connections. */
    List<ConnectionStatistics> connections();

    /** The cluster's current members, or empty when not clustered. */
    List<String> clusterMembers();
}
