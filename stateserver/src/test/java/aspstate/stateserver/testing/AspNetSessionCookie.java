package aspstate.stateserver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.SessionIds;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * ASP.NET's session cookie as the tests of the Java integrations (Spring Session, the servlet filter) send and read
 * it: a request for a page on a loopback port with a session's cookie, and the session a response's cookie names.
 */
public final class AspNetSessionCookie {
    public static final String NAME = "ASP.NET_SessionId";

    private AspNetSessionCookie() {}

    /** A GET of {@code path} on the loopback port, with the cookie of {@code sessionId} unless it is null. */
    public static HttpRequest get(int port, String path, String sessionId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10));
        if (sessionId != null) {
            request.header("Cookie", NAME + "=" + sessionId);
        }
        return request.build();
    }

    /** The session id the response's cookie gives, checked to be ASP.NET's: its cookie (path /, HttpOnly), its id. */
    public static String sessionId(HttpResponse<?> response) {
        String cookie = response.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith(NAME + "=").contains("Path=/").contains("HttpOnly");
        String id = cookie.substring(NAME.length() + 1, cookie.indexOf(';'));
        assertThat(SessionIds.isValid(id)).as(id).isTrue();
        return id;
    }
}
