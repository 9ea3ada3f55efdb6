package aspstate.tds.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ProcedureTest {
    private static final ProcedureParameter ID = ProcedureParameter.input("@id", DeclaredType.INT);
    private static final ProcedureParameter COOKIE = ProcedureParameter.output("@lockCookie", DeclaredType.INT);

    private final Procedure procedure = new Procedure() {
        @Override
        public String name() {
            return "TempTest";
        }

        @Override
        public List<ProcedureParameter> parameters() {
            return List.of(ID, COOKIE);
        }

        @Override
        public CompletionStage<ProcedureResult> call(ProcedureCall call) {
            throw new UnsupportedOperationException("not called here");
        }
    };

    @Test
    void aParameterIsFoundByItsNameInAnyCase() {
        assertThat(procedure.parameter("@lockCookie")).contains(COOKIE);
        assertThat(procedure.parameter(new String("@lockCookie"))).contains(COOKIE);
        assertThat(procedure.parameter("@LOCKCOOKIE")).contains(COOKIE);
        assertThat(procedure.parameter("@Id")).contains(ID);
    }

    @Test
    void anUndeclaredNameIsNoParameter() {
        assertThat(procedure.parameter("@lockCookies")).isEmpty();
        assertThat(procedure.parameter("lockCookie")).isEmpty();
    }
}
