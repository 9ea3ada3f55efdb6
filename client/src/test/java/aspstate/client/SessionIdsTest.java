package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Session ids as ASP.NET's SessionIDManager makes and accepts them. */
class SessionIdsTest {

    @Test
    void fiveBitsACharacterLowBitsFirstFromEachFiveBytes() {
        byte[] bytes = new byte[15];
        assertThat(SessionIds.encode(bytes)).isEqualTo("a".repeat(24));

        bytes[0] = 0x20; // bits 5-9 of the first 40 = 1: the second character is 'b'
        bytes[4] = (byte) 0x80; // bit 39: the eighth character's top bit, 16 = 'q'
        bytes[14] = (byte) 0xFF; // bits 32-39 of the last 40: the last two characters 7 and 31
        assertThat(SessionIds.encode(bytes)).isEqualTo("abaaaaaqaaaaaaaaaaaaaa25");
    }

    @Test
    void createdIdsAreValidAndDiffer() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = SessionIds.create();
            assertThat(SessionIds.isValid(id)).as(id).isTrue();
            ids.add(id);
        }
        assertThat(ids).hasSize(1000);
    }

    @Test
    void onlyTwentyFourCharactersOfTheAlphabetAreValid() {
        assertThat(SessionIds.isValid("abcdefghijklmnopqrstuvwx")).isTrue();
        assertThat(SessionIds.isValid("abcdefghijklmnopqrstuvw6")).isFalse();
        assertThat(SessionIds.isValid("Abcdefghijklmnopqrstuvwx")).isFalse();
        assertThat(SessionIds.isValid("abcdefghijklmnopqrstuvw")).isFalse();
        assertThat(SessionIds.isValid(null)).isFalse();
    }
}
