package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopbackHostTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "localhost",
                "LOCALHOST:42425",
                "127.0.0.1",
                "127.0.0.1:42425",
                "127.1.2.3:8080",
                "[::1]",
                "[::1]:42425",
                "[0:0:0:0:0:0:0:1]:42425"
            })
    void loopbackNamesAreAccepted(String host) {
        assertThat(LoopbackHost.named(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "evil.example",
                "evil.example:42425",
                "localhost.evil.example",
                "127.0.0.1.evil.example",
                "10.0.0.1:42425",
                "[::2]",
                "",
                "127.0.0.1:42425/x"
            })
    void anyOtherNameIsNot(String host) {
        assertThat(LoopbackHost.named(host)).isFalse();
    }

    @org.junit.jupiter.api.Test
    void noHostIsNot() {
        assertThat(LoopbackHost.named(null)).isFalse();
    }
}
