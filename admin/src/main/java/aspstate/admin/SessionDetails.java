package aspstate.admin;

import aspstate.core.inspect.DecodedSession;
import aspstate.core.inspect.SessionBlob;
import aspstate.core.inspect.SessionItem;
import aspstate.core.store.SessionValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One session as the inspector shows it: its metadata and its items, decoded from ASP.NET's session format
 * (docs/spec/session-blob-format.md) without running anything from it.
 *
 * @param compressed    the data was deflate-compressed by ASP.NET
 * @param items         the items read, in order
 * @param decodeProblem why the data could not be read to its end (not ASP.NET's format, cut short...), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SessionDetails(@JsonUnwrapped SessionSummary summary, boolean compressed, List<SessionItem> items,
                      String decodeProblem) {

    static SessionDetails of(String store, String id, SessionValue<?> session, long nowMillis) {
        DecodedSession decoded = SessionBlob.decode(session.sessionData());
        return new SessionDetails(SessionSummary.of(store, id, session, nowMillis), decoded.compressed(),
                decoded.items(), decoded.problem());
    }
}
