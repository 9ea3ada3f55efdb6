package aspstate.admin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard's files, served from the jar as they were committed: no build step, nothing fetched from elsewhere
 * (the page's Content-Security-Policy forbids it). Only these files are served, so no path reaches anything else.
 */
final class Dashboard {
    private static final Map<String, String> FILES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "dashboard.js", "text/javascript; charset=utf-8",
            "dashboard.css", "text/css; charset=utf-8");

    private final Map<String, AdminResponse> responses;

    Dashboard() {
        responses = Map.copyOf(FILES.entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(
                        Map.Entry::getKey,
                        file -> new AdminResponse(
                                io.netty.handler.codec.http.HttpResponseStatus.OK,
                                file.getValue(),
                                read(file.getKey())))));
    }

    /** The file's response, or empty for any other name. */
    Optional<AdminResponse> file(String name) {
        return Optional.ofNullable(responses.get(name));
    }

    private static byte[] read(String name) {
        try (InputStream in = Dashboard.class.getResourceAsStream("dashboard/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks the dashboard's " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
