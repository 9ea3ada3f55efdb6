package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PasswordHashTest {
    private static final String SALT = "AAAAAAAAAAAAAAAAAAAAAA==";
    private static final String HASH = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

    @Test
    void aHashMatchesItsPasswordOnlyAfterTheRoundTripThroughItsText() {
        String encoded = PasswordHash.of("correct horse").encoded();

        assertThat(encoded).matches("pbkdf2-sha256\\$210000\\$[A-Za-z0-9+/]{22}==\\$[A-Za-z0-9+/]{43}=");
        PasswordHash parsed = PasswordHash.parse(encoded);
        assertThat(parsed.matches("correct horse")).isTrue();
        assertThat(parsed.matches("correct horse ")).isFalse();
        assertThat(parsed.matches("")).isFalse();
        assertThat(parsed.encoded()).isEqualTo(encoded);
    }

    @Test
    void everyHashHasItsOwnSalt() {
        assertThat(PasswordHash.of("same").encoded())
                .isNotEqualTo(PasswordHash.of("same").encoded());
    }

    @Test
    void anEmptyPasswordIsRefused() {
        assertThatThrownBy(() -> PasswordHash.of("")).hasMessage("the password is empty");
    }

    @Test
    void toStringHidesTheHash() {
        assertThat(PasswordHash.of("secret").toString()).isEqualTo("pbkdf2-sha256 hash (hidden)");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "secret                                  | not a password hash; expected pbkdf2-sha256$ITERATIONS$SALT$HASH",
                "md5$210000$" + SALT + "$" + HASH + "      | not a password hash; expected",
                "pbkdf2-sha256$210000$" + SALT + "        | not a password hash; expected",
                "pbkdf2-sha256$many$" + SALT + "$" + HASH + " | the iteration count of the hash is not a number",
                "pbkdf2-sha256$1000$" + SALT + "$" + HASH
                        + " | the iteration count of the hash must be 10000..10000000, got 1000",
                "pbkdf2-sha256$210000$!!$" + HASH + "     | the salt of the hash is not base64",
                "pbkdf2-sha256$210000$" + SALT + "$%%     | the hash of the hash is not base64",
                "pbkdf2-sha256$210000$AAAA$" + HASH + "   | the salt or hash of the hash is too short",
            })
    void aMalformedHashIsRefusedSayingWhatIsWrongWithoutRepeatingIt(String text, String problem) {
        assertThatThrownBy(() -> PasswordHash.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(problem)
                .hasMessageNotContaining(text);
    }
}
