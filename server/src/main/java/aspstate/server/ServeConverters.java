package aspstate.server;

import aspstate.cli.Converters;
import aspstate.store.journal.Fsync;
import aspstate.transport.IoTransport;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;

/** picocli converters of the server's own value types; the ones the bench shares are in aspstate.cli. */
final class ServeConverters {
    private ServeConverters() {}

    /**
     * Registers the shared converters ({@link Converters}) and those of the server's enums, each of which parses
     * the way its option is written.
     */
    static CommandLine register(CommandLine commandLine) {
        return Converters.register(commandLine)
                .registerConverter(LogLevel.class, LogLevel::parse)
                .registerConverter(LogFormat.class, LogFormat::parse)
                .registerConverter(IoTransport.class, IoTransport::parse)
                .registerConverter(Fsync.class, ServeConverters::fsync);
    }

    private static Fsync fsync(String text) {
        for (Fsync each : Fsync.values()) {
            if (each.optionValue().equalsIgnoreCase(text.trim())) {
                return each;
            }
        }
        throw new IllegalArgumentException("must be always, everysec or off");
    }

    static final class ClusterName implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            String trimmed = text.trim();
            if (!trimmed.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("a cluster name is letters, digits, '.', '_' and '-'");
            }
            return trimmed;
        }
    }

    /** A server name as a Data Source writes it (HOST or HOST,PORT); empty for none. */
    static final class FailoverPartner implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            String trimmed = text.trim();
            if (!trimmed.isEmpty()
                    && (trimmed.length() > 255 || !trimmed.matches("[A-Za-z0-9._:\\[\\]-]+(,\\d{1,5})?"))) {
                throw new IllegalArgumentException("not a server as a connection string names one (HOST or HOST,PORT)");
            }
            return trimmed;
        }
    }
}
