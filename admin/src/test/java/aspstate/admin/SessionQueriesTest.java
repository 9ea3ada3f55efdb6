package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.HttpMethod;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SessionQueriesTest {
    private static final Set<String> STORES = Set.of("stateserver", "sqlstate");

    private static Optional<SessionQuery> parse(Map<String, List<String>> query) {
        return SessionQueries.parse(
                new AdminRequest(
                        HttpMethod.GET,
                        List.of("api", "sessions"),
                        query,
                        null,
                        null,
                        "localhost",
                        new InetSocketAddress(0)),
                STORES);
    }

    @Test
    void noParametersListEveryStoreByIdFiftyAtATime() {
        assertThat(parse(Map.of()))
                .hasValue(new SessionQuery(
                        Optional.empty(), "", Optional.empty(), SessionQuery.Sort.ID, SessionQuery.DEFAULT_LIMIT, 0));
    }

    @Test
    void lockedSessionsAreSortedOldestLockFirstUnlessAskedOtherwise() {
        assertThat(parse(Map.of("locked", List.of("true"))))
                .get()
                .extracting(SessionQuery::sort)
                .isEqualTo(SessionQuery.Sort.LOCK_AGE);
        assertThat(parse(Map.of("locked", List.of("true"), "sort", List.of("size"))))
                .get()
                .extracting(SessionQuery::sort)
                .isEqualTo(SessionQuery.Sort.SIZE);
    }

    @Test
    void everyParameterIsRead() {
        assertThat(parse(Map.of(
                        "store",
                        List.of("sqlstate"),
                        "prefix",
                        List.of("ab"),
                        "locked",
                        List.of("false"),
                        "sort",
                        List.of("expiry"),
                        "limit",
                        List.of("10"),
                        "cursor",
                        List.of("20"))))
                .hasValue(new SessionQuery(
                        Optional.of("sqlstate"), "ab", Optional.of(false), SessionQuery.Sort.EXPIRY, 10, 20));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "store=nosuch",
                "locked=maybe",
                "sort=bogus",
                "limit=0",
                "limit=1001",
                "limit=-1",
                "limit=ten",
                "cursor=9999999999",
                "cursor=9990&limit=20",
                "limit=12345678901"
            })
    void anythingElseIsRefused(String parameter) {
        String[] pairs = parameter.split("&");
        Map<String, List<String>> query = new HashMap<>();
        for (String pair : pairs) {
            String[] nameValue = pair.split("=", 2);
            query.put(nameValue[0], List.of(nameValue[1]));
        }
        assertThat(parse(query)).isEmpty();
    }

    @Test
    void theCursorStopsAtTheWindowOrTheLastSession() {
        SessionQuery first = new SessionQuery(Optional.empty(), "", Optional.empty(), SessionQuery.Sort.ID, 50, 0);
        assertThat(first.nextCursor(50, 120)).hasValue("50");
        assertThat(first.nextCursor(20, 20)).isEmpty();
        SessionQuery last = new SessionQuery(
                Optional.empty(), "", Optional.empty(), SessionQuery.Sort.ID, 50, SessionQuery.MAX_WINDOW - 50);
        assertThat(last.nextCursor(50, 1_000_000)).as("no page past the window").isEmpty();
    }
}
