package aspstate.server;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads {@code --config FILE}: a properties file (UTF-8) whose keys are the long option names without dashes,
 * e.g. {@code stateserver-port=42425}. Every key must be a known option; a typo is an error, not silently ignored.
 */
final class ConfigFile {
    private ConfigFile() {
    }

    /** @throws UserError naming the file and, for an unknown key, the key and the keys allowed */
    static Map<String, String> load(Path file, Set<String> knownKeys) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            throw new UserError("--config " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new UserError("--config " + file + ": cannot read the file: permission denied");
        } catch (MalformedInputException e) {
            throw new UserError("--config " + file + ": cannot read the file: it is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError("--config " + file + ": cannot read the file: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // Properties.load's complaint about a malformed \\uXXXX escape
            throw new UserError("--config " + file + ": not a valid properties file: " + e.getMessage());
        }
        Map<String, String> entries = new TreeMap<>();
        Set<String> unknown = new TreeSet<>();
        for (String key : properties.stringPropertyNames()) {
            if (knownKeys.contains(key)) {
                entries.put(key, properties.getProperty(key));
            } else {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw new UserError(file + ": unknown key" + (unknown.size() > 1 ? "s " : " ") + quoted(unknown)
                    + " (known keys: " + String.join(", ", new TreeSet<>(knownKeys)) + ")");
        }
        return entries;
    }

    private static String quoted(Set<String> keys) {
        return "'" + String.join("', '", keys) + "'";
    }
}
