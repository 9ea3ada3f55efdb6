package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CidrRangeTest {

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource({
        "127.0.0.0/8,     127.0.0.1,        true",
        "127.0.0.0/8,     127.255.1.2,      true",
        "127.0.0.0/8,     128.0.0.1,        false",
        "10.1.2.0/23,     10.1.3.255,       true",
        "10.1.2.0/23,     10.1.4.0,         false",
        "10.1.2.3,        10.1.2.3,         true",
        "10.1.2.3,        10.1.2.4,         false",
        "0.0.0.0/0,       203.0.113.9,      true",
        "::1,             ::1,              true",
        "::1,             127.0.0.1,        false",
        "127.0.0.0/8,     ::ffff:127.0.0.1, true",
        "fd00::/8,        fd12::1,          true",
        "fd00::/8,        fe80::1,          false",
        "::/0,            2001:db8::1,      true",
        "::/0,            10.0.0.1,         false",
    })
    void matches(String range, String address, boolean expected) throws Exception {
        assertThat(CidrRange.parse(range).contains(InetAddress.getByName(address)))
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "example.com", "10.0.0.0/33", "::/129", "10.0.0.0/x", "999.1.1.1/8", "10.0.0.0/-1"})
    void refusesWhatIsNotARange(String text) {
        assertThatThrownBy(() -> CidrRange.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }
}
