package aspstate.stateserver;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** An address range in CIDR notation ("10.0.0.0/8", "::1/128", or a plain address meaning just that one). */
public final class CidrRange {
    private final byte[] network;
    private final int prefixLength;
    private final String text;

    private CidrRange(byte[] network, int prefixLength, String text) {
        this.network = network;
        this.prefixLength = prefixLength;
        this.text = text;
    }

    /** @throws IllegalArgumentException naming the problem when the text is not an address or CIDR range */
    public static CidrRange parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        if (address.isEmpty() || !address.matches("[0-9A-Fa-f:.]+")) {
            throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
        }
        int maxPrefix = bytes.length * 8;
        int prefix;
        try {
            prefix = slash < 0 ? maxPrefix : Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad prefix length in '" + text + "'");
        }
        if (prefix < 0 || prefix > maxPrefix) {
            throw new IllegalArgumentException("prefix length in '" + text + "' must be 0.." + maxPrefix);
        }
        return new CidrRange(bytes, prefix, trimmed);
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 16 && network.length == 4 && isIpv4Mapped(bytes)) {
            bytes = java.util.Arrays.copyOfRange(bytes, 12, 16);
        }
        if (bytes.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int remainingBits = prefixLength % 8;
        if (remainingBits == 0) {
            return true;
        }
        int mask = 0xFF << (8 - remainingBits) & 0xFF;
        return (bytes[fullBytes] & mask) == (network[fullBytes] & mask);
    }

    /** True for 0.0.0.0/0 and ::/0: every peer of that address family. */
    public boolean coversEveryAddress() {
        return prefixLength == 0;
    }

    /** True when every address of the range is a loopback address (within 127.0.0.0/8, or ::1 itself). */
    public boolean isLoopbackOnly() {
        if (network.length == 4) {
            return prefixLength >= 8 && network[0] == 127;
        }
        byte[] ipv6Loopback = new byte[16];
        ipv6Loopback[15] = 1;
        return prefixLength == 128 && java.util.Arrays.equals(network, ipv6Loopback);
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF;
    }

    @Override
    public String toString() {
        return text;
    }
}
