package aspstate.server;

import aspstate.core.stores.SessionStoreId;
import aspstate.core.stores.StoreId;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds which store holds a session the user named by id only: the stores are tried in turn, since ids of
 * different protocols rarely meet (a StateServer id is a path, an ASPState id a session id and an application id, an
 * ASP.NET Core cache entry's id starts with its table).
 */
final class SessionLookup {
    private SessionLookup() {}

    /** The session's store and its details; NotFound naming the stores tried when none holds it. */
    static Found find(AdminClient client, Optional<SessionStoreId<?>> store, String id) {
        List<SessionStoreId<?>> candidates =
                store.<List<SessionStoreId<?>>>map(List::of).orElse(StoreId.sessions());
        for (SessionStoreId<?> candidate : candidates) {
            Optional<JsonNode> details = client.get(AdminClient.sessionPath(candidate, id));
            if (details.isPresent()) {
                return new Found(candidate, id, details.get());
            }
        }
        throw new NotFound("no session " + id + " in "
                + candidates.stream().map(StoreId::label).collect(Collectors.joining(", ")));
    }

    record Found(SessionStoreId<?> store, String id, JsonNode details) {
        /** The session's path in the admin API. */
        String path() {
            return AdminClient.sessionPath(store, id);
        }

        /** For a session that went between finding it and acting on it. */
        NotFound gone() {
            return new NotFound("no session " + id + " in " + store.label());
        }

        @Override
        public String toString() {
            return store.label() + " " + id;
        }
    }

    /** Not the user's mistake: the session is not (or no longer) there. Exit code 1, one line. */
    static final class NotFound extends RuntimeException {
        NotFound(String message) {
            super(message, null, false, false);
        }
    }
}
