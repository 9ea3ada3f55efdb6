package aspstate.core.inspect;

import java.util.List;

/**
 * A session blob as far as it could be read.
 *
 * @param compressed     the blob was deflate-compressed ({@code compressionEnabled="true"})
 * @param timeoutMinutes the session's timeout, or null if the blob is too short to hold one (or, as ASP.NET Core's
 *                       does, holds none)
 * @param sessionId      the session's own id as its application sees it, for the formats that carry one (ASP.NET
 *                       Core's {@code ISession.Id}); else null
 * @param items          the items in the blob's order, at most {@link SessionBlob#MAX_ITEMS_SHOWN}; when
 *                       {@code problem} is set, the items read before it
 * @param itemCount      the items the blob holds, those not decoded included
 * @param staticObjects  the static object entries read (their values are skipped, not shown)
 * @param problem        null if the blob was read to its end marker; otherwise what was wrong and at which byte
 *                       (of the inflated data, when compressed)
 */
public record DecodedSession(
        boolean compressed,
        Integer timeoutMinutes,
        String sessionId,
        List<SessionItem> items,
        int itemCount,
        int staticObjects,
        String problem) {

    public DecodedSession {
        items = List.copyOf(items);
    }

    static DecodedSession unreadable(boolean compressed, String problem) {
        return new DecodedSession(compressed, null, null, List.of(), 0, 0, problem);
    }
}
