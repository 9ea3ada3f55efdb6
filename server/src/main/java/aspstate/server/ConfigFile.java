package aspstate.server;

import aspstate.core.FileErrors;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads {@code --config FILE}: a properties file (UTF-8) whose keys are the long option names without dashes,
 * e.g. {@code max-memory=2GiB}. Every key must be a known option; a typo is an error, not silently ignored.
 * A key of an option the command line takes repeatedly ({@code allow}, {@code tds-user}) may be repeated too, and
 * keeps every value, as the command line does; any other key given twice is an error. (Properties alone keeps the
 * last value of a repeated key and drops the others without a word.)
 */
final class ConfigFile {
    private ConfigFile() {}

    /**
     * @param repeatableKeys the keys whose values add up, joined by commas as a repeated option's are
     * @throws UserError naming the file and, for an unknown key, the key and the keys allowed
     */
    static Map<String, String> load(Path file, Set<String> knownKeys, Set<String> repeatableKeys) {
        Set<String> givenTwice = new TreeSet<>();
        Properties properties = new Properties() {
            @Override
            public synchronized Object put(Object key, Object value) {
                Object earlier = get(key);
                if (earlier == null) {
                    return super.put(key, value);
                }
                if (!repeatableKeys.contains(key)) {
                    givenTwice.add((String) key);
                }
                return super.put(key, earlier + "," + value);
            }
        };
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (MalformedInputException e) {
            throw new UserError("--config " + file + ": cannot read the file: it is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError("--config " + file + ": cannot read the file: " + FileErrors.reason(e, file));
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
        if (!givenTwice.isEmpty()) {
            throw new UserError(file + ": " + quoted(givenTwice) + " given more than once; "
                    + (givenTwice.size() > 1 ? "each takes" : "it takes") + " one value");
        }
        return entries;
    }

    private static String quoted(Set<String> keys) {
        return "'" + String.join("', '", keys) + "'";
    }
}
