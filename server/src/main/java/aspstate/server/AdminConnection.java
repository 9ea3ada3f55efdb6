package aspstate.server;

import aspstate.core.FileErrors;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options every admin command shares: where the admin listener is and the token it may want. */
final class AdminConnection {
    static final String TOKEN_VARIABLE = "ASPSTATE_ADMIN_TOKEN";

    @Option(
            names = "--admin",
            paramLabel = "URL",
            defaultValue = "http://127.0.0.1:42425/",
            description = "The server's admin listener. Default: ${DEFAULT-VALUE}")
    private String admin;

    @Option(
            names = "--admin-token-file",
            paramLabel = "FILE",
            description = "A file holding the admin token (its first line); or set " + TOKEN_VARIABLE
                    + ". Not an argument, which would show in the process list.")
    private Path tokenFile;

    AdminClient client() {
        URI base;
        try {
            base = URI.create(admin.endsWith("/") ? admin : admin + "/");
        } catch (IllegalArgumentException e) {
            throw new UserError("--admin " + admin + ": not a URL (e.g. http://127.0.0.1:42425/)");
        }
        if (!"http".equals(base.getScheme()) || base.getHost() == null) {
            throw new UserError("--admin " + admin + ": not an http URL (e.g. http://127.0.0.1:42425/)");
        }
        return new AdminClient(base, token());
    }

    private Optional<String> token() {
        if (tokenFile != null) {
            try {
                return Optional.of(Files.readAllLines(tokenFile, StandardCharsets.UTF_8).stream()
                                .findFirst()
                                .orElse("")
                                .trim())
                        .filter(token -> !token.isEmpty());
            } catch (IOException e) {
                throw new UserError(
                        "--admin-token-file " + tokenFile + ": cannot read it: " + FileErrors.reason(e, tokenFile));
            }
        }
        return Optional.ofNullable(System.getenv(TOKEN_VARIABLE))
                .map(String::trim)
                .filter(token -> !token.isEmpty());
    }
}
