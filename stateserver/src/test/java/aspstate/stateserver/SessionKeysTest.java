package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.RequestTargets;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Spec "Session key": how a request target becomes a key, and the client's targets become the keys meant. */
class SessionKeysTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "%2fa                        | /a",
                "/a                          | /a",
                "//a                         | /a",
                "%2F%2Fa                     | /a",
                "///a                        | //a",
                "a                           | a",
                "%2fapp(Ab%2bc%3d)%2fx3kq     | /app(Ab+c=)/x3kq",
                "a+b                         | \"a b\"",
                "%zzkept                     | %zzkept",
                "100%                        | 100%",
                "%4                          | %4",
                "%41%42                      | AB",
                "CaseSensitive               | CaseSensitive",
            })
    void decodes(String target, String key) {
        assertThat(SessionKeys.decode(target)).isEqualTo(key);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/LM/W3SVC/1/ROOT/app(Ab+c=)/x3kq | %2fLM%2fW3SVC%2f1%2fROOT%2fapp(Ab%2bc%3d)%2fx3kq",
                "a b                              | a+b",
            })
    void encodesLikeTheAspNetClientAndRoundTrips(String key, String target) {
        assertThat(RequestTargets.encode(key)).isEqualTo(target);
        assertThat(SessionKeys.decode(target)).isEqualTo(key);
    }

    @ParameterizedTest
    @CsvSource({"caf\u00e9", "\u0000nul", "tab\there"})
    void everyLatin1KeyRoundTrips(String key) {
        assertThat(SessionKeys.decode(RequestTargets.encode(key))).isEqualTo(key);
    }

    @Test
    void aKeyBeyondLatin1IsEncodedAsUtf8() {
        assertThat(RequestTargets.encode("/k\u20ac\u00e9")).isEqualTo("%2fk%e2%82%ac%c3%a9");
    }

    @Test
    void decodingInPlaceGivesTheSameKeyAndTouchesOnlyTheTarget() {
        String line = "GET //LM%2fW3SVC%2F1%2fROOT%2fapp(x+y)%zz HTTP/1.1";
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        int from = 4;
        int to = line.indexOf(" HTTP/1.1");
        String copied = SessionKeys.decode(bytes, from, to);
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
                .as("decode leaves its input")
                .isEqualTo(line);

        assertThat(SessionKeys.decodeInPlace(bytes, from, to))
                .isEqualTo(copied)
                .isEqualTo("/LM/W3SVC/1/ROOT/app(x y)%zz");
        assertThat(new String(bytes, 0, from, StandardCharsets.ISO_8859_1)).isEqualTo("GET ");
        assertThat(new String(bytes, to, bytes.length - to, StandardCharsets.ISO_8859_1))
                .isEqualTo(" HTTP/1.1");
    }
}
