package aspstate.admin;

import io.netty.handler.codec.http.HttpMethod;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

/**
 * One request to the admin listener, as the routes need it.
 *
 * @param path          the path's segments, each percent-decoded on its own (so an id may contain '/' as %2F)
 * @param query         the query's parameters, decoded
 * @param authorization the Authorization header, or null
 * @param requestedBy   the X-Requested-By header, or null: writes need it, which a cross-site form cannot send
 * @param host          the Host header, or null
 */
record AdminRequest(HttpMethod method, List<String> path, Map<String, List<String>> query, String authorization,
                    String requestedBy, String host, InetSocketAddress peer) {

    /** The query parameter's first value, or {@code otherwise}. */
    String parameter(String name, String otherwise) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? otherwise : values.get(0);
    }
}
