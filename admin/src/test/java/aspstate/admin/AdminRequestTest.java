package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminRequestTest {
    private static AdminRequest of(String uri) throws AdminRequest.Malformed {
        DefaultHttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        request.headers()
                .set("Host", "localhost")
                .set("Authorization", "Bearer t")
                .set("X-Requested-By", "me");
        return AdminRequest.of(request, new InetSocketAddress("127.0.0.1", 5000));
    }

    @Test
    void eachSegmentIsDecodedOnItsOwnSoAnIdMayHoldASlash() throws Exception {
        AdminRequest request = of("/api/sessions/stateserver/%2FLM%2FW3SVC%2F1%2FROOT%2Fapp(abc)?limit=5&x=%20y");

        assertThat(request.path()).containsExactly("api", "sessions", "stateserver", "/LM/W3SVC/1/ROOT/app(abc)");
        assertThat(request.parameter("limit", "50")).isEqualTo("5");
        assertThat(request.parameter("x", "")).isEqualTo(" y");
        assertThat(request.parameter("absent", "default")).isEqualTo("default");
        assertThat(List.of(request.host(), request.authorization(), request.requestedBy()))
                .containsExactly("localhost", "Bearer t", "me");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/sessions/stateserver/%zz", "/api/%", "/api/sessions?prefix=%zz", "/%e"})
    void aBadPercentEncodingIsMalformedWhereverItIs(String uri) {
        assertThatThrownBy(() -> of(uri))
                .isInstanceOf(AdminRequest.Malformed.class)
                .hasMessage("the request target is not percent-encoded correctly");
    }
}
