package aspstate.server;

import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The session an admin command acts on (session, unlock, delete): its id and, optionally, its store. */
final class SessionTarget {
    @Parameters(paramLabel = "ID", description = "The session's id as the store keeps it (as 'sessions' lists it).")
    private String id;

    @Option(
            names = "--store",
            paramLabel = "STORE",
            description = "stateserver, sqlstate or spstate. Default: " + "the first that holds ID")
    private String store;

    String id() {
        return id;
    }

    /** The store that holds the session, with its details; NotFound when none does. */
    SessionLookup.Found find(AdminClient client) {
        return SessionLookup.find(client, Optional.ofNullable(store), id);
    }
}
