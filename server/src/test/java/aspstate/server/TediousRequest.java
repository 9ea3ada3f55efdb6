package aspstate.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HexFormat;

/**
 * One request for tedious-client.js: a procedure called by name (tedious's callProcedure) or SQL text run through
 * sp_executesql (execSql), with parameters typed as tedious's TYPES name them.
 */
final class TediousRequest {
    /** The length tedious-client.js turns into a (max) type, whose values travel as PLP. */
    static final String MAX = "max";

    private final ObjectNode json = JsonNodeFactory.instance.objectNode();
    private final ArrayNode params = json.putArray("params");

    private TediousRequest(String kind, String text) {
        json.put(kind, text);
    }

    static TediousRequest callProcedure(String procedure) {
        return new TediousRequest("rpc", procedure);
    }

    static TediousRequest execSql(String text) {
        return new TediousRequest("sql", text);
    }

    /** An input parameter of a type without a length (Int, Bit). */
    TediousRequest in(String name, String type, Object value) {
        param(name, type, false).putPOJO("value", value);
        return this;
    }

    /** An input parameter declared with {@code length} (an int, or {@link #MAX}); byte[] values go as hex. */
    TediousRequest in(String name, String type, Object length, Object value) {
        ObjectNode param = param(name, type, false);
        param.putPOJO("length", length);
        param.putPOJO("value", value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value);
        return this;
    }

    /** An output parameter sent as NULL, as ASP.NET sends its get-outputs. */
    TediousRequest out(String name, String type) {
        param(name, type, true).putNull("value");
        return this;
    }

    TediousRequest out(String name, String type, Object length) {
        param(name, type, true).putNull("value").putPOJO("length", length);
        return this;
    }

    ObjectNode json() {
        return json;
    }

    private ObjectNode param(String name, String type, boolean output) {
        return params.addObject().put("name", name).put("type", type).put("output", output);
    }
}
