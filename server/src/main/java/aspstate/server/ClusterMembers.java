package aspstate.server;

import aspstate.cli.Port;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.ITypeConverter;

/** One entry of {@code --cluster-members}: HOST:PORT, an IPv6 address in brackets. */
final class ClusterMembers implements ITypeConverter<InetSocketAddress> {

    /** @throws IllegalArgumentException naming the entry that is wrong */
    @Override
    public InetSocketAddress convert(String text) {
        String entry = text.trim();
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException("'" + entry + "' is not HOST:PORT (e.g. 10.0.1.5:7800, [fd00::5]:7800)");
        }
        String host = entry.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException(
                    "'" + entry + "': write an IPv6 address in brackets, e.g. [fd00::5]:7800");
        }
        int port;
        try {
            port = new Port.Fixed().convert(entry.substring(colon + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + entry + "': " + e.getMessage());
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + entry + "': no such host");
        }
    }
}
