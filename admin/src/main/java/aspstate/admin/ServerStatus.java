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

    /** Each readiness check by name (e.g. listeners, store, cluster): the server is ready when all are true. */
    Map<String, Boolean> readiness();

    /** Every store by name, the application ids included. */
    Map<String, StoreStatistics> storeStatistics();

    long maxMemoryBytes();

    long usedMemoryBytes();

    /** The protocol listeners' connections. */
    List<ConnectionStatistics> connections();

    /** The cluster's current members, or empty when not clustered. */
    List<String> clusterMembers();
}
