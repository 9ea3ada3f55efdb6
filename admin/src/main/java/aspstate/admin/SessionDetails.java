package aspstate.admin;

import aspstate.core.ByteSize;
import aspstate.core.inspect.DecodedSession;
import aspstate.core.inspect.SessionBlob;
import aspstate.core.inspect.SessionItem;
import aspstate.core.store.SessionValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

/**
 * One session as the inspector shows it: its metadata and its items, decoded from ASP.NET's session format or ASP.NET
 * Core's (docs/spec/session-blob-format.md) without running anything from it. The answer is bounded whatever the
 * session holds: at most {@link SessionBlob#MAX_ITEMS_SHOWN} items are decoded, keys and values are cut to
 * {@link SessionBlob#PREVIEW_CHARS}, and items stop where the JSON would pass {@link #MAX_ANSWER_BYTES}
 * ({@code cut} says so): 10,000 items of control characters would make a 124 MB answer, and end a server with a
 * 256 MiB heap.
 *
 * @param sessionId     the id the application knows the session by, when its data carries one (ASP.NET Core's)
 * @param compressed    the data was deflate-compressed by ASP.NET
 * @param items         the items shown, in order
 * @param itemCount     the items the session holds, those not shown included
 * @param decodeProblem why the data could not be read to its end (not ASP.NET's format, cut short...), or null
 * @param head          with a decode problem, the data's first {@link #HEAD_BYTES} bytes as stored (base64 in
 *                      JSON), so that an operator can see what it is; null when the data was read to its end
 * @param cut           what the answer leaves out and why, or null when it shows every item
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SessionDetails(
        @JsonUnwrapped SessionSummary summary,
        String sessionId,
        boolean compressed,
        List<SessionItem> items,
        int itemCount,
        String decodeProblem,
        byte[] head,
        String cut) {
    /** Enough to recognise a format (a magic number, a JSON or XML start) without sending a large session. */
    static final int HEAD_BYTES = 256;
    /** The JSON answer's size, at most: a page's worth for a person, far from what could strain the heap. */
    static final int MAX_ANSWER_BYTES = 1 << 20;

    static SessionDetails of(SessionStores.Named<?> store, String id, SessionValue<?> session, long nowMillis) {
        byte[] data = session.sessionData();
        DecodedSession decoded = store.id().decode(data);
        byte[] head = decoded.problem() == null || data == null
                ? null
                : Arrays.copyOf(data, Math.min(data.length, HEAD_BYTES));
        SessionSummary summary = SessionSummary.of(store.name(), id, session, nowMillis);
        SessionDetails bare = new SessionDetails(
                summary,
                decoded.sessionId(),
                decoded.compressed(),
                List.of(),
                decoded.itemCount(),
                decoded.problem(),
                head,
                "");
        long room = MAX_ANSWER_BYTES - jsonBytes(bare) - 128; // 128: the cut text itself
        int fitting = 0;
        for (SessionItem item : decoded.items()) {
            room -= jsonBytes(item) + 1; // and its comma
            if (room < 0) {
                break;
            }
            fitting++;
        }
        List<SessionItem> shown = decoded.items().subList(0, fitting);
        return new SessionDetails(
                summary,
                decoded.sessionId(),
                decoded.compressed(),
                List.copyOf(shown),
                decoded.itemCount(),
                decoded.problem(),
                head,
                cut(shown.size(), decoded));
    }

    /** Null when every item decoded is shown and the decoding stopped only where the data did (or was wrong). */
    private static String cut(int shown, DecodedSession decoded) {
        String showing = "showing " + shown + " of " + decoded.itemCount() + " items: ";
        if (shown < decoded.items().size()) {
            return showing + "the answer is limited to " + ByteSize.format(MAX_ANSWER_BYTES);
        }
        if (shown == SessionBlob.MAX_ITEMS_SHOWN && decoded.itemCount() > shown) {
            return showing + "the inspector decodes the first " + SessionBlob.MAX_ITEMS_SHOWN;
        }
        return null;
    }

    private static long jsonBytes(Object value) {
        try {
            return AdminResponse.MAPPER.writeValueAsBytes(value).length;
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
