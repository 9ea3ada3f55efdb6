package aspstate.admin;

import aspstate.core.inspect.DecodedSession;
import aspstate.core.inspect.SessionItem;
import aspstate.core.store.SessionValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Arrays;
import java.util.List;

/**
 * One session as the inspector shows it: its metadata and its items, decoded from ASP.NET's session format or ASP.NET
 * Core's (docs/spec/session-blob-format.md) without running anything from it.
 *
 * @param sessionId     the id the application knows the session by, when its data carries one (ASP.NET Core's)
 * @param compressed    the data was deflate-compressed by ASP.NET
 * @param items         the items read, in order
 * @param decodeProblem why the data could not be read to its end (not ASP.NET's format, cut short...), or null
 * @param head          with a decode problem, the data's first {@link #HEAD_BYTES} bytes as stored (base64 in
 *                      JSON), so that an operator can see what it is; null when the data was read to its end
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SessionDetails(@JsonUnwrapped SessionSummary summary, String sessionId, boolean compressed,
                      List<SessionItem> items, String decodeProblem, byte[] head) {
    /** Enough to recognise a format (a magic number, a JSON or XML start) without sending a large session. */
    static final int HEAD_BYTES = 256;

    static SessionDetails of(SessionStores.Named store, String id, SessionValue<?> session, long nowMillis) {
        byte[] data = session.sessionData();
        DecodedSession decoded = store.decoder().apply(data);
        byte[] head = decoded.problem() == null || data == null
                ? null : Arrays.copyOf(data, Math.min(data.length, HEAD_BYTES));
        return new SessionDetails(SessionSummary.of(store.name(), id, session, nowMillis), decoded.sessionId(),
                decoded.compressed(), decoded.items(), decoded.problem(), head);
    }
}
