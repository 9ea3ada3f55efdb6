package aspstate.tds.statement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RememberedTextsTest {
    private final AtomicInteger worked = new AtomicInteger();
    private final RememberedTexts<Integer> texts = new RememberedTexts<>(2, 5);

    private Integer length(String text) {
        worked.incrementAndGet();
        return text.length();
    }

    @Test
    void aTextSentAgainIsNotWorkedOutAgain() {
        assertThat(texts.get("abc", this::length)).isEqualTo(3);
        assertThat(texts.get("abc", this::length)).isEqualTo(3);
        assertThat(worked).hasValue(1);
    }

    @Test
    void longTextsAreNeverKeptAndTheEntriesAreBounded() {
        texts.get("longer", this::length);
        texts.get("longer", this::length);
        assertThat(worked).as("too long to keep").hasValue(2);

        texts.get("a", this::length);
        texts.get("b", this::length);
        texts.get("c", this::length); // past two entries the memory starts over
        texts.get("a", this::length);
        assertThat(worked).hasValue(6);
        texts.get("c", this::length);
        assertThat(worked).hasValue(6);
    }
}
