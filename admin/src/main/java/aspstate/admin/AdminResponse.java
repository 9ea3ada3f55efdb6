package aspstate.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What a route answers: a status, a content type and the body's bytes.
 *
 * @param retryAfterSeconds sent as Retry-After when more than 0 (a 503 for work refused while the workers are busy)
 */
record AdminResponse(HttpResponseStatus status, String contentType, byte[] body, int retryAfterSeconds) {
    static final String JSON = "application/json";
    static final ObjectMapper MAPPER = new ObjectMapper();

    AdminResponse(HttpResponseStatus status, String contentType, byte[] body) {
        this(status, contentType, body, 0);
    }

    static AdminResponse json(HttpResponseStatus status, Object value) {
        try {
            return new AdminResponse(status, JSON, MAPPER.writeValueAsBytes(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AdminResponse ok(Object value) {
        return json(HttpResponseStatus.OK, value);
    }

    /** An error as {"error": text}; the text never contains what the client sent unescaped (JSON escapes it). */
    static AdminResponse error(HttpResponseStatus status, String text) {
        return json(status, Map.of("error", text));
    }

    /** A 503 asking the client to come back in a second: the admin workers' queue is full. */
    static AdminResponse busy() {
        AdminResponse error = error(
                HttpResponseStatus.SERVICE_UNAVAILABLE, "the admin listener is busy; retry " + "later (--admin-queue)");
        return new AdminResponse(error.status(), error.contentType(), error.body(), 1);
    }

    static AdminResponse text(String contentType, String body) {
        return new AdminResponse(HttpResponseStatus.OK, contentType, body.getBytes(StandardCharsets.UTF_8));
    }
}
