package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "127.0.0.1,                 127.0.0.1:42424",
        "0.0.0.0,                   0.0.0.0:42424",
        "::1,                       [::1]:42424",
        "::,                        [::]:42424",
        "fe80:0:0:0:0:0:0:1,        [fe80::1]:42424",
        "2001:db8:0:0:1:0:0:1,      [2001:db8::1:0:0:1]:42424",
        "2001:db8:0:1:1:1:1:1,      [2001:db8:0:1:1:1:1:1]:42424",
        "1:0:0:2:0:0:0:3,           [1:0:0:2::3]:42424",
        "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789, [abcd:ef01:2345:6789:abcd:ef01:2345:6789]:42424",
    })
    void printsAddressesInTheirShortForm(String address, String printed) throws UnknownHostException {
        assertThat(Addresses.format(InetAddress.getByName(address), 42424)).isEqualTo(printed);
    }
}
