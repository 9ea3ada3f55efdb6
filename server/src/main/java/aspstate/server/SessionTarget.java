package aspstate.server;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** The session an admin command acts on (session, unlock, delete): its id and, optionally, its store. */
final class SessionTarget {
    @Parameters(paramLabel = "ID", description = "The session's id as the store keeps it (as 'sessions' lists it).")
    private String id;

    @Mixin
    private StoreOption store;

    String id() {
        return id;
    }

    /** The store that holds the session, with its details; NotFound when none does. */
    SessionLookup.Found find(AdminClient client) {
        return SessionLookup.find(client, store.store(), id);
    }
}
