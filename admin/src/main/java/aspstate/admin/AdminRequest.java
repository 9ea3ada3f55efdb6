package aspstate.admin;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.util.ArrayList;
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
record AdminRequest(
        HttpMethod method,
        List<String> path,
        Map<String, List<String>> query,
        String authorization,
        String requestedBy,
        String host,
        InetSocketAddress peer) {

    /** A request whose target cannot be read (a bad percent-encoding such as %zz): the client's fault, a 400. */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /** The request as the routes see it; read before anything else is checked. */
    static AdminRequest of(HttpRequest request, InetSocketAddress peer) throws Malformed {
        List<String> path = new ArrayList<>();
        Map<String, List<String>> query;
        try {
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            // Split before decoding, so that an id holding '/' (as %2F) stays one segment.
            for (String segment : uri.rawPath().split("/")) {
                if (!segment.isEmpty()) {
                    path.add(QueryStringDecoder.decodeComponent(segment));
                }
            }
            query = uri.parameters();
        } catch (IllegalArgumentException e) {
            throw new Malformed("the request target is not percent-encoded correctly");
        }
        return new AdminRequest(
                request.method(),
                List.copyOf(path),
                query,
                request.headers().get(HttpHeaderNames.AUTHORIZATION),
                request.headers().get("X-Requested-By"),
                request.headers().get(HttpHeaderNames.HOST),
                peer);
    }

    /** The query parameter's first value, or {@code otherwise}. */
    String parameter(String name, String otherwise) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? otherwise : values.get(0);
    }
}
