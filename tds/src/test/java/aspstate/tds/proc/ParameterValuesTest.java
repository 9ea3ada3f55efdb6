package aspstate.tds.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A call's arguments and its outputs by parameter name, matched without regard to case as SQL Server matches them. */
class ParameterValuesTest {

    @Test
    void findsAnArgumentByTheNameItWasFiledUnderAndInAnyOtherCase() {
        ProcedureCall call = new ProcedureCall(Map.of("@appId", 5, "@appName", "/w3svc/1/root"));

        assertThat(call.value("@appId", Integer.class)).isEqualTo(5);
        assertThat(call.value("@APPID", Integer.class)).isEqualTo(5);
        assertThat(call.has("@appname")).isTrue();
        assertThat(call.value("@AppName", String.class)).isEqualTo("/w3svc/1/root");
    }

    @Test
    void anArgumentPassedAsNullIsThereAndAnAbsentOneIsNot() {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("@id", null);
        ProcedureCall call = new ProcedureCall(arguments);

        assertThat(call.has("@ID")).isTrue();
        assertThat(call.value("@id", String.class)).isNull();
        assertThat(call.has("@locked")).isFalse();
        assertThat(call.value("@locked", Boolean.class)).isNull();
    }

    @Test
    void laterChangesToTheMapItWasMadeFromDoNotReachIt() {
        Map<String, Object> arguments = new HashMap<>(Map.of("@id", "a"));
        ProcedureCall call = new ProcedureCall(arguments);
        arguments.put("@id", "b");
        arguments.put("@locked", true);

        assertThat(call.value("@id", String.class)).isEqualTo("a");
        assertThat(call.has("@locked")).isFalse();
    }

    @Test
    void aResultsOutputsAreFoundByTheNameTheProcedureFiledThemUnderAndInAnyOtherCase() {
        Map<String, Object> outputs = new HashMap<>();
        outputs.put("@locked", true);
        outputs.put("@lockAge", null);
        ProcedureResult result = ProcedureResult.of(outputs);

        assertThat(result.output("@locked")).isEqualTo(true);
        assertThat(result.output("@LOCKED")).isEqualTo(true);
        assertThat(result.hasOutput("@lockage")).as("an output set to NULL").isTrue();
        assertThat(result.output("@lockage")).isNull();
        assertThat(result.hasOutput("@actionFlags"))
                .as("an output the procedure left out")
                .isFalse();
    }

    /** Names stay paired with their values; among names in another case, the first in the map's order wins. */
    @Test
    void anExactSpellingWinsAndOtherwiseTheFirstInTheMapsOrder() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("@lockCookie", 1);
        arguments.put("@LOCKCOOKIE", 2);
        arguments.put("@id", 3);
        ProcedureCall call = new ProcedureCall(arguments);

        assertThat(call.value("@LOCKCOOKIE", Integer.class)).isEqualTo(2);
        assertThat(call.value("@lockCookie", Integer.class)).isEqualTo(1);
        assertThat(call.value("@LockCookie", Integer.class)).isEqualTo(1);
        assertThat(call.value("@ID", Integer.class)).isEqualTo(3);
        assertThat(call).hasToString("ProcedureCall[@lockCookie, @LOCKCOOKIE, @id]");
    }

    @Test
    void aCallWithoutArgumentsHasNone() {
        ProcedureCall call = new ProcedureCall(Map.of());

        assertThat(call.has("@id")).isFalse();
        assertThat(call.value("@id", Object.class)).isNull();
    }
}
