package aspstate.stateserver;

import aspstate.core.stateserver.StateRequest;

/**
 * What the decoder hands the handler: a session key and its request, a well-framed request with a bad value
 * (answered 400, connection kept), or input that is not a request at all (connection closed, nothing sent).
 *
 * @param key     decoded session key, null for {@link #malformed}
 * @param request the request, or null when it must be answered 400
 * @param problem why the request is refused or the input rejected, for logs; null for a good request
 */
public record DecodedRequest(String key, StateRequest request, String problem) {

    static DecodedRequest of(String key, StateRequest request) {
        return new DecodedRequest(key, request, null);
    }

    static DecodedRequest badValue(String key, String problem) {
        return new DecodedRequest(key, null, problem);
    }

    static DecodedRequest malformed(String problem) {
        return new DecodedRequest(null, null, problem);
    }

    public boolean isMalformed() {
        return key == null;
    }
}
