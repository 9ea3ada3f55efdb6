package aspstate.server;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/** Reads {@code --cluster-members}: HOST:PORT entries separated by commas, IPv6 addresses in brackets. */
final class ClusterMembers {
    private ClusterMembers() {}

    /** Empty for an empty text (no cluster). @throws IllegalArgumentException naming the entry that is wrong */
    static List<InetSocketAddress> parse(String text) {
        List<InetSocketAddress> members = new ArrayList<>();
        for (String part : text.split(",")) {
            String entry = part.trim();
            if (!entry.isEmpty()) {
                members.add(member(entry));
            }
        }
        return members;
    }

    private static InetSocketAddress member(String entry) {
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
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + entry + "': the port is not a number");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + entry + "': the port must be 1..65535");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + entry + "': no such host");
        }
    }
}
