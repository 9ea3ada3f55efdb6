package aspstate.tds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The statement texts the served clients send, as docs/spec/statements/ keeps them: what the libraries build, with
 * {@code {0}}, {@code {1}}... where they put a name (the tests fill them as the libraries do).
 */
public final class SpecStatements {
    /** From a module's directory, where Maven runs its tests. */
    private static final Path DIRECTORY = Path.of("..", "docs", "spec", "statements");

    private SpecStatements() {}

    /** The text at {@code path} (e.g. {@code aspnetcore-cache/get.sql}) with {@code {i}} replaced by the arguments. */
    public static String text(String path, String... arguments) {
        String text;
        try {
            text = Files.readString(DIRECTORY.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException("docs/spec/statements/" + path, e);
        }
        for (int i = 0; i < arguments.length; i++) {
            text = text.replace("{" + i + "}", arguments[i]);
        }
        return text;
    }
}
