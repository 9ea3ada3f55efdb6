package aspstate.tds.request;

import static aspstate.tds.ClientMessages.bit;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.callById;
import static aspstate.tds.ClientMessages.concat;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.nvarchar;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RPC messages as [MS-TDS] 2.2.6.6 lays them out, parsed without ALL_HEADERS (TDS 7.1) to test the body alone. */
class RpcRequestParseTest {
    private static List<RpcRequest> parse(byte[] payload) {
        return RpcRequest.parseAll(Unpooled.wrappedBuffer(payload), false);
    }

    @Test
    void nameOptionFlagsAndParameters() {
        RpcRequest rpc = parse(
                        call("dbo.TempGetAppID", nvarchar("@appName", 280, "/lm"), integer("@appId", true, null)))
                .get(0);
        assertThat(rpc.procedureName()).isEqualTo("dbo.TempGetAppID");
        assertThat(rpc.procId()).isEqualTo(RpcRequest.BY_NAME);
        assertThat(rpc.parameters())
                .extracting(RpcParameter::name, RpcParameter::output)
                .containsExactly(Tuple.tuple("@appName", false), Tuple.tuple("@appId", true));
        assertThat(rpc.parameters().get(0).value().value()).isEqualTo("/lm");
        assertThat(rpc.parameters().get(1).value().value()).isNull();
    }

    @Test
    void procIdIsNamedAfterItsSystemProcedure() {
        RpcRequest rpc = parse(callById(10, nvarchar("", 10, "EXEC p"))).get(0);
        assertThat(rpc.procId()).isEqualTo(RpcRequest.SP_EXECUTESQL);
        assertThat(rpc.procedureName()).isEqualTo("sp_executesql");
    }

    @ParameterizedTest
    @ValueSource(ints = {0xFF, 0x80, 0xFE})
    void callsChainedByEverySeparatorEvenATrailingOne(int separator) {
        byte[] first = call("A", bit("@b", true, true));
        byte[] second = call("B");
        List<RpcRequest> calls =
                parse(concat(first, new byte[] {(byte) separator}, second, new byte[] {(byte) separator}));
        assertThat(calls).extracting(RpcRequest::procedureName).containsExactly("A", "B");
        assertThat(calls.get(0).parameters()).hasSize(1);
        assertThat(calls.get(1).parameters()).isEmpty();
    }

    @Test
    void messageCutShortBreaksTheProtocol() {
        byte[] whole = call("dbo.P", nvarchar("@id", 88, "abcdef"));
        assertThatThrownBy(() -> parse(Arrays.copyOf(whole, whole.length - 3)))
                .isInstanceOf(TdsProtocolException.class)
                .hasMessageContaining("cut short");
    }
}
