package aspstate.tds.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProcedureCatalogTest {
    private static Procedure named(String name) {
        return new Procedure() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<ProcedureParameter> parameters() {
                return List.of();
            }

            @Override
            public CompletionStage<ProcedureResult> call(ProcedureCall call) {
                return CompletableFuture.completedFuture(ProcedureResult.of(Map.of()));
            }
        };
    }

    private final ProcedureCatalog catalog = new ProcedureCatalog(List.of(named("TempGetVersion")));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "TempGetVersion",
                "tempgetversion",
                "dbo.TempGetVersion",
                "[dbo].[TempGetVersion]",
                "ASPState.dbo.TempGetVersion",
                "[ASPState].DBO.[tempGetVersion]",
                "other..TempGetVersion"
            })
    void namesClientsUseAreFound(String name) {
        assertThat(catalog.find(name)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "TempGetVersion2",
                "sys.TempGetVersion",
                "srv.ASPState.dbo.TempGetVersion",
                "[TempGetVersion].x"
            })
    void otherNamesAreNot(String name) {
        assertThat(catalog.find(name)).isEmpty();
    }

    @Test
    void twoProceduresOfOneNameAreRefused() {
        assertThatThrownBy(() -> new ProcedureCatalog(List.of(named("A"), named("a"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void argumentsAndOutputsAreMatchedCaseInsensitively() {
        ProcedureCall call = new ProcedureCall(Map.of("@appId", 5));
        assertThat(call.value("@APPID", Integer.class)).isEqualTo(5);
        assertThat(ProcedureResult.of(Map.of("@Ver", "2")).output("@ver")).isEqualTo("2");
    }

    @Test
    void combiningServesTheProceduresOfBoth() {
        ProcedureCatalog both = ProcedureCatalog.combine(catalog, new ProcedureCatalog(List.of(named("proc_AddItem"))));
        assertThat(both.find("dbo.TempGetVersion")).isPresent();
        assertThat(both.find("proc_additem")).isPresent();
    }

    @Test
    void combiningRefusesANameInBoth() {
        assertThatThrownBy(
                        () -> ProcedureCatalog.combine(catalog, new ProcedureCatalog(List.of(named("TEMPGETVERSION")))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFamilyServesTheNamesOfItsPatternAfterTheListedProcedures() {
        ProcedureFamily perTable =
                name -> name.toLowerCase().endsWith("_getstateitem") ? Optional.of(named(name)) : Optional.empty();
        ProcedureCatalog withFamily =
                ProcedureCatalog.combine(catalog, new ProcedureCatalog(List.of(), List.of(perTable)));

        assertThat(withFamily.find("[dbo].[Sessions_GetStateItem]"))
                .map(Procedure::name)
                .contains("Sessions_GetStateItem");
        assertThat(withFamily.named("TEMPGETVERSION")).map(Procedure::name).contains("TempGetVersion");
        assertThat(withFamily.find("other.Sessions_GetStateItem"))
                .as("not in dbo")
                .isEmpty();
        assertThat(withFamily.find("Sessions_GetStateItemX")).isEmpty();
        assertThat(withFamily.procedures()).hasSize(1);
    }
}
