package aspstate.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Each store's key rule, on a client's ids and on keys an operator names. */
class KeyRuleTest {
    @Test
    void stateServerKeysAreTakenAsSent() {
        assertThat(KeyRule.AS_SENT.key("/LM/W3SVC/1/ROOT/Shop(AbC) ")).isEqualTo("/LM/W3SVC/1/ROOT/Shop(AbC) ");
    }

    @Test
    void sqlServerIdsAndTheirTablesAreWithoutCase() {
        assertThat(KeyRule.WITHOUT_CASE.key("[dbo].[ASPNetSessionState]/AbC"))
                .isEqualTo("[dbo].[aspnetsessionstate]/abc");
    }

    /** The cache table's names compare without case, its Id column with case and without trailing spaces. */
    @Test
    void aCacheRowKeepsTheCaseOfItsIdNotOfItsTable() {
        assertThat(KeyRule.TABLE_ROW.key("[DBO].[SessionCache]/Cookie-Value"))
                .isEqualTo("[dbo].[sessioncache]/Cookie-Value");
        assertThat(KeyRule.TABLE_ROW.key("[dbo].[sessioncache]/Cookie-Value  "))
                .isEqualTo("[dbo].[sessioncache]/Cookie-Value");
    }

    @Test
    void aCacheRowKeyIsTheOneTheProtocolMakesOfItsTableAndId() {
        for (List<String> table : List.of(
                List.of("SessionCache"),
                List.of("Cache", "Sessions"),
                List.of("db", "My]Schema", "Odd/Table]].[x"),
                List.of("ÄRGER", "TÄBLE"))) {
            String prefix = TableKeys.prefix(table);
            String upper = prefix.toUpperCase(Locale.ROOT);
            assertThat(KeyRule.TABLE_ROW.key(prefix + "Id/With]/Parts "))
                    .as("made by the protocol")
                    .isEqualTo(prefix + "Id/With]/Parts");
            assertThat(KeyRule.TABLE_ROW.key(upper + "Id/With]/Parts"))
                    .as("named by an operator in another case")
                    .isEqualTo(prefix + "Id/With]/Parts");
        }
    }

    @Test
    void aCacheKeyWithoutItsTableIsTakenAsAnId() {
        assertThat(KeyRule.TABLE_ROW.key("[DBO].[SessionCache")).isEqualTo("[DBO].[SessionCache");
        assertThat(KeyRule.TABLE_ROW.key("[DBO]x[T]/Id")).isEqualTo("[DBO]x[T]/Id");
        assertThat(KeyRule.TABLE_ROW.key("Cookie ")).isEqualTo("Cookie");
        assertThat(KeyRule.TABLE_ROW.key("")).isEmpty();
    }

    @Test
    void aCacheKeyAlreadyInItsRuleIsGivenBackAsItIs() {
        String key = "[dbo].[sessioncache]/Cookie-Value";
        assertThat(KeyRule.TABLE_ROW.key(key)).isSameAs(key);
    }
}
