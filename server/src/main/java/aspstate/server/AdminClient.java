package aspstate.server;

import aspstate.core.stores.SessionStoreId;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The admin API as the admin commands call it: JSON over HTTP with the bearer token when one is given. A server
 * that cannot be reached, refuses the token or answers an error becomes a {@link UserError} saying so.
 */
final class AdminClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final Optional<String> token;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    AdminClient(URI base, Optional<String> token) {
        this.base = base;
        this.token = token;
    }

    /** The answer's JSON, or empty for a 404. */
    Optional<JsonNode> get(String path) {
        return send(request(path).GET());
    }

    Optional<JsonNode> post(String path) {
        return send(request(path).header("X-Requested-By", "aspstate-cli").POST(HttpRequest.BodyPublishers.noBody()));
    }

    Optional<JsonNode> delete(String path) {
        return send(request(path).header("X-Requested-By", "aspstate-cli").DELETE());
    }

    static String sessionPath(SessionStoreId<?> store, String id) {
        return "/api/sessions/" + encode(store.label()) + "/" + encode(id);
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
        token.ifPresent(value -> builder.header("Authorization", "Bearer " + value));
        return builder;
    }

    private Optional<JsonNode> send(HttpRequest.Builder request) {
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UserError("cannot reach the admin listener at " + base + " ("
                    + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); is the server running, and is "
                    + "--admin right?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
        if (response.statusCode() == 401) {
            throw new UserError(base + " wants the admin token: set ASPSTATE_ADMIN_TOKEN or give --admin-token-file");
        }
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        JsonNode body = parse(response.body());
        if (response.statusCode() != 200) {
            throw new UserError(base + " answered " + response.statusCode()
                    + (body.has("error") ? ": " + body.get("error").asText() : ""));
        }
        return Optional.of(body);
    }

    private JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UserError(base + " did not answer JSON; is --admin the admin listener?");
        }
    }
}
