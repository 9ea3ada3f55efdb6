package aspstate.stateserver;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** An address range in CIDR notation ("10.0.0.0/8", "::1/128", or a plain address meaning just that one). */
public final class CidrRange {
    private final byte[] network;
    private final int prefixLength;
    private final String text;
    private final IpSubnetFilterRule rule;

    private CidrRange(InetAddress network, int prefixLength, String text) {
        this.network = network.getAddress();
        this.prefixLength = prefixLength;
        this.text = text;
        this.rule = new IpSubnetFilterRule(network, prefixLength, IpFilterRuleType.ACCEPT);
    }

    /** @throws IllegalArgumentException naming the problem when the text is not an address or CIDR range */
    public static CidrRange parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        if (address.isEmpty() || !address.matches("[0-9A-Fa-f:.]+")) {
            throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
        }
        InetAddress network;
        try {
            network = InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
        }
        int maxPrefix = network.getAddress().length * 8;
        int prefix;
        try {
            prefix = slash < 0 ? maxPrefix : Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad prefix length in '" + text + "'");
        }
        if (prefix < 0 || prefix > maxPrefix) {
            throw new IllegalArgumentException("prefix length in '" + text + "' must be 0.." + maxPrefix);
        }
        return new CidrRange(network, prefix, trimmed);
    }

    /** Matching is Netty's ({@link IpSubnetFilterRule}); an IPv4-mapped IPv6 peer arrives as its IPv4 address. */
    public boolean contains(InetAddress address) {
        return rule.matches(new InetSocketAddress(address, 0));
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

    @Override
    public String toString() {
        return text;
    }
}
