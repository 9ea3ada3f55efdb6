package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the store accounts for an item: the bytes of both data columns, a NULL column counting 0. */
class SqlSessionItemTest {

    @ParameterizedTest(name = "short {0} bytes, long {1} bytes -> {2}")
    @CsvSource(
            nullValues = "NULL",
            value = {"NULL, NULL, 0", "7000, NULL, 7000", "NULL, 9000, 9000", "10, 20, 30", "0, 0, 0"})
    void sizeInBytesIsBothColumns(Integer shortLength, Integer longLength, long expected) {
        SqlSessionItem item = new SqlSessionItem(bytes(shortLength), bytes(longLength), 20, 0, false, 0, 1, 0, 0);

        assertThat(item.sizeInBytes()).isEqualTo(expected);
    }

    private static byte[] bytes(Integer length) {
        return length == null ? null : new byte[length];
    }
}
