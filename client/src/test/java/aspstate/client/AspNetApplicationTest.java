package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** ASP.NET's key rule (OutOfProcSessionStateStore): appId, its SHA-256 in base64, the session id. */
class AspNetApplicationTest {

    @Test
    void keysAsOutOfProcSessionStateStoreMakesThem() {
        // python3: base64.b64encode(hashlib.sha256(b'/LM/W3SVC/1/ROOT/app').digest())
        assertThat(AspNetApplication.of("/LM/W3SVC/1/ROOT/app").key("x3kq"))
                .isEqualTo("/LM/W3SVC/1/ROOT/app(R5EE52bfK7ihOgyv24OP9wEttH30BGwj8EpKEUFh2KE=)/x3kq");
    }

    @Test
    void anAppIdWithoutALeadingSlashGetsOneButIsHashedAsGiven() {
        assertThat(AspNetApplication.of("app").key("id")).startsWith("/app(").endsWith(")/id");
        assertThat(AspNetApplication.of("app").key("id"))
                .isNotEqualTo(AspNetApplication.of("/app").key("id"));
    }

    @Test
    void theIisFormOfTheId() {
        assertThat(AspNetApplication.ofIis(1, "/shop").appId()).isEqualTo("/LM/W3SVC/1/ROOT/shop");
        assertThat(AspNetApplication.ofIis(3, "/").appId()).isEqualTo("/LM/W3SVC/3/ROOT");
        assertThatThrownBy(() -> AspNetApplication.of("")).isInstanceOf(IllegalArgumentException.class);
    }
}
