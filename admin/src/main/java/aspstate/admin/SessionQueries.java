package aspstate.admin;

import java.util.Optional;
import java.util.Set;

/** Reads a listing's query string; anything it does not understand makes the whole request a 400 with the usage. */
final class SessionQueries {
    static final String USAGE = "GET /api/sessions?store=NAME&prefix=ID_PREFIX&locked=true|false"
            + "&sort=lock-age|size|expiry|id&limit=1.." + SessionQuery.MAX_LIMIT + "&cursor=NEXT_CURSOR";

    private SessionQueries() {}

    static Optional<SessionQuery> parse(AdminRequest request, Set<String> storeNames) {
        String store = request.parameter("store", "");
        String locked = request.parameter("locked", "");
        Optional<SessionQuery.Sort> sort =
                SessionQuery.Sort.of(request.parameter("sort", locked.equals("true") ? "lock-age" : "id"));
        Optional<Integer> limit = number(request.parameter("limit", Integer.toString(SessionQuery.DEFAULT_LIMIT)));
        Optional<Integer> offset = number(request.parameter("cursor", "0"));
        if (!store.isEmpty() && !storeNames.contains(store)
                || !locked.isEmpty() && !locked.equals("true") && !locked.equals("false")
                || sort.isEmpty()
                || limit.isEmpty()
                || offset.isEmpty()
                || limit.get() < 1
                || limit.get() > SessionQuery.MAX_LIMIT
                || offset.get() + limit.get() > SessionQuery.MAX_WINDOW) {
            return Optional.empty();
        }
        return Optional.of(new SessionQuery(
                store.isEmpty() ? Optional.empty() : Optional.of(store),
                request.parameter("prefix", ""),
                locked.isEmpty() ? Optional.empty() : Optional.of(Boolean.parseBoolean(locked)),
                sort.get(),
                limit.get(),
                offset.get()));
    }

    private static Optional<Integer> number(String text) {
        if (text.isEmpty() || text.length() > 9 || !text.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(text));
    }
}
