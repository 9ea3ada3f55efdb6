package aspstate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogTextTest {

    @Test
    void lineBreaksAndControlCharactersAreEscaped() {
        assertThat(LogText.client("evil\r\n12:00:00.000 ERROR forged\u2028\u0000\t\\"))
                .isEqualTo("evil\\r\\n12:00:00.000 ERROR forged\\u2028\\u0000\\t\\\\");
    }

    @Test
    void longTextIsCutAndTheRestCounted() {
        String cut = LogText.client("x".repeat(30_000));
        assertThat(cut)
                .startsWith("x".repeat(LogText.MAX_CHARS) + "...(")
                .endsWith("(" + (30_000 - LogText.MAX_CHARS) + " more characters)");
    }

    @Test
    void plainTextAndNullAreKept() {
        assertThat(LogText.client("/LM/W3SVC/1/ROOT é")).isEqualTo("/LM/W3SVC/1/ROOT é");
        assertThat(LogText.client(null)).isEqualTo("null");
    }
}
