package aspstate.core.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for servers a test starts on loopback. Taken below Linux's ephemeral range (32768 and up by default): a port
 * the kernel hands out as "free" (bind to 0) can be taken, before the server binds it, by the source port of any
 * outgoing connection (a cluster node connecting to another did exactly that); ports below the range are never
 * given to outgoing connections. A port is handed out once per JVM: a test that takes several before starting its
 * servers (a cluster's nodes, each with three listeners) could otherwise get the same one twice, since nothing
 * listens on it until the first server starts.
 */
public final class LoopbackPorts {
    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_000;
    private static final int ATTEMPTS = 200;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {}

    /** A port on 127.0.0.1 that nothing listens on now. */
    public static int free() throws IOException {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST);
            if (HANDED_OUT.contains(port)) {
                continue;
            }
            try (ServerSocket probe = new ServerSocket(port, 1, loopback)) {
                HANDED_OUT.add(port);
                return probe.getLocalPort();
            } catch (IOException taken) {
                // taken: try another
            }
        }
        throw new IOException(
                "no free port on 127.0.0.1 between " + LOWEST + " and " + HIGHEST + " after " + ATTEMPTS + " attempts");
    }
}
