package aspstate.tds.statement;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The statement texts clients send, exactly as the spec keeps them (docs/spec/statements, built into the jar under
 * {@code aspstate/tds/statements}): {@code {0}}, {@code {1}}, ... stand where a client puts its table's or
 * procedure's name, {@code '{0}'} where it puts one in a string literal. The server's shapes of these statements
 * are made from the same texts, so that what it recognizes is what the clients send.
 */
public final class ClientTexts {
    private static final String DIRECTORY = "/aspstate/tds/statements/";

    private ClientTexts() {}

    /** @param path under docs/spec/statements, such as {@code aspnetcore-cache/get.sql} */
    public static String text(String path) {
        try (InputStream in = ClientTexts.class.getResourceAsStream(DIRECTORY + path)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + DIRECTORY + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The text as a template ({@link aspstate.tds.sql.StatementShape}): {@code '{i}'} becomes the string-literal
     * placeholder {@code {'names[i]'}} and {@code {i}} the name placeholder {@code {names[i]}}.
     */
    public static String template(String path, String... names) {
        String template = text(path);
        for (int i = 0; i < names.length; i++) {
            template = template.replace("'{" + i + "}'", "{'" + names[i] + "'}")
                    .replace("{" + i + "}", "{" + names[i] + "}");
        }
        return template;
    }
}
