package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Targets as HttpUtility.UrlEncode writes keys: the URL-safe bytes as they are, a space as '+', the rest %xx. */
class RequestTargetsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/LM/W3SVC/1/ROOT/app(Ab+c=)/x3kq | %2fLM%2fW3SVC%2f1%2fROOT%2fapp(Ab%2bc%3d)%2fx3kq",
                "a b                              | a+b",
                "-_.!*()                          | -_.!*()",
                "/k\u20ac\u00e9                   | %2fk%e2%82%ac%c3%a9",
                "caf\u00e9                        | caf%e9",
            })
    void encodesLikeTheAspNetClient(String key, String target) {
        assertThat(RequestTargets.encode(key)).isEqualTo(target);
    }
}
