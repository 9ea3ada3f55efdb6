package aspstate.admin;

import aspstate.core.store.SessionValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** One session as the inspector shows it: its metadata. */
record SessionDetails(@JsonUnwrapped SessionSummary summary) {

    static SessionDetails of(String store, String id, SessionValue<?> session, long nowMillis) {
        return new SessionDetails(SessionSummary.of(store, id, session, nowMillis));
    }
}
