package aspstate.server;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** Prints socket addresses the way users type them: 127.0.0.1:42424, [::1]:42424 (IPv6 in RFC 5952 short form). */
final class Addresses {
    private Addresses() {}

    static String format(InetSocketAddress address) {
        return format(address.getAddress(), address.getPort());
    }

    static String format(InetAddress address, int port) {
        if (address instanceof Inet6Address) {
            return "[" + ipv6(address.getAddress()) + "]:" + port;
        }
        return address.getHostAddress() + ":" + port;
    }

    /** Lower-case hex groups without leading zeros, the longest run of two or more zero groups as "::". */
    static String ipv6(byte[] bytes) {
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = (bytes[2 * i] & 0xFF) << 8 | bytes[2 * i + 1] & 0xFF;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; i++) {
            int length = 0;
            while (i + length < 8 && groups[i + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = i;
                bestLength = length;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }
}
