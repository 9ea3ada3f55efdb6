package aspstate.tds.client;

import java.util.List;
import java.util.Map;

/**
 * What a server answered to one {@link RpcCall}: the procedure's return status (null if it sent none), its output
 * parameters by name as the server named them, and the rows of any result sets, in order.
 */
public record RpcReply(Integer returnStatus, Map<String, Object> outputs, List<List<Object>> rows) {
    public Object output(String name) {
        return outputs.get(name);
    }
}
