package aspstate.cli;

import aspstate.stateserver.CidrRange;
import java.net.InetAddress;
import java.time.Duration;
import picocli.CommandLine;

/**
 * Registers the converters of the types that mean one thing wherever an option holds them (a duration, an address,
 * a range of peers), in place of picocli's own (which would take PT30S for a duration). Numbers mean different
 * things (a port, a count, a size), so an option holding one names its converter.
 */
public final class Converters {
    private Converters() {}

    /** Registers them with the command line and every subcommand it has so far. */
    public static CommandLine register(CommandLine commandLine) {
        return commandLine
                .registerConverter(Duration.class, new DurationConverter())
                .registerConverter(InetAddress.class, new AddressConverter())
                .registerConverter(CidrRange.class, new CidrRangeConverter());
    }
}
