package aspstate.server;

import aspstate.core.ByteSize;
import aspstate.stateserver.CidrRange;
import aspstate.stateserver.StateServerSettings;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings that are valid but probably not what the operator meant, said once at start: they would otherwise show
 * only as refused clients, an exposed store or a crash under load.
 */
final class StartupWarnings {
    private StartupWarnings() {}

    static List<String> of(ServeOptions options, long heapMaxBytes) {
        List<String> warnings = new ArrayList<>();
        StateServerSettings stateServer = options.stateServer();
        InetAddress bind = stateServer.bindAddress();
        if ((bind.isLoopbackAddress() || bind.isAnyLocalAddress())
                && !stateServer.isAllowed(InetAddress.getLoopbackAddress())) {
            warnings.add(options.where(ServerOptions.ALLOW) + ": local clients will be refused; add 127.0.0.0/8 to "
                    + "keep local access");
        }
        if (stateServer.allowedPeers().stream().anyMatch(CidrRange::coversEveryAddress)) {
            warnings.add(options.where(ServerOptions.ALLOW) + ": any peer that reaches the port can read, change and "
                    + "delete every session; list the web servers' addresses or ranges instead");
        } else if (!bind.isLoopbackAddress()
                && stateServer.allowedPeers().stream().allMatch(CidrRange::isLoopbackOnly)) {
            warnings.add(options.where(ServerOptions.BIND) + " listens beyond loopback but "
                    + options.where(ServerOptions.ALLOW)
                    + " allows loopback peers only: every other peer will be refused; add the "
                    + "web servers' range to --" + ServerOptions.ALLOW);
        }
        options.tds()
                .filter(tds -> !tds.bindAddress().isLoopbackAddress()
                        && tds.tls().isEmpty()
                        && !options.tdsLogins().isEmpty())
                .ifPresent(tds -> warnings.add(options.where(ServerOptions.TDS_BIND)
                        + ": SQL logins cross the network without TLS (TDS only scrambles the password: anyone on the path "
                        + "can read it); add --" + ServerOptions.TDS_TLS));
        long maxMemory = options.memoryStore().maxMemoryBytes();
        if (maxMemory > heapMaxBytes) {
            warnings.add(options.where(ServerOptions.MAX_MEMORY) + ": more than the JVM's maximum heap ("
                    + ByteSize.format(heapMaxBytes) + "); the JVM may run out of memory before the limit refuses "
                    + "writes; raise -Xmx");
        }
        return warnings;
    }
}
