package aspstate.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version of this build, from the resource Maven fills in ({@code aspstate-version.properties}). */
final class Version {
    private static final String RESOURCE = "/aspstate-version.properties";
    private static final String CURRENT = read();

    private Version() {}

    static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** What {@code --version} prints. */
    static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"aspstate " + current()};
        }
    }
}
