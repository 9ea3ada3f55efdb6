package aspstate.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** What a route answers: a status, a content type and the body's bytes. */
record AdminResponse(HttpResponseStatus status, String contentType, byte[] body) {
    static final String JSON = "application/json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

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

    static AdminResponse text(String contentType, String body) {
        return new AdminResponse(HttpResponseStatus.OK, contentType, body.getBytes(StandardCharsets.UTF_8));
    }
}
