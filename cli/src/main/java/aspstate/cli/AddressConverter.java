package aspstate.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.ITypeConverter;

/** An address to listen on: IPv4, IPv6 or a host name that resolves. */
public final class AddressConverter implements ITypeConverter<InetAddress> {
    @Override
    public InetAddress convert(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("an address is needed (e.g. 127.0.0.1, or 0.0.0.0 for all)");
        }
        try {
            return InetAddress.getByName(trimmed);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("no such address or host name");
        }
    }
}
