package aspstate.server;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A small network of the test's own: one network namespace per host, each with a veth link to a bridge in this
 * namespace (which has the address .1, so the test reaches every host), in a 10.x.y.0/24 of its own. A partition is
 * made with blackhole routes between hosts, so packets are dropped silently, as on a failed link, while the test
 * still reaches both sides. Everything is created with a random name and removed by {@link #close()}; needs root
 * (CI runs as root; {@code server/install-interop-clients.sh} installs iproute2).
 */
final class TestNetwork implements AutoCloseable {
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(20);

    private final String id;
    private final String subnet;
    private final int hosts;

    private TestNetwork(String id, String subnet, int hosts) {
        this.id = id;
        this.subnet = subnet;
        this.hosts = hosts;
    }

    static TestNetwork create(int hosts) throws Exception {
        String id = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        String subnet = "10." + ThreadLocalRandom.current().nextInt(200, 250) + "."
                + ThreadLocalRandom.current().nextInt(1, 255);
        TestNetwork network = new TestNetwork(id, subnet, hosts);
        try {
            network.build();
        } catch (Exception | Error e) {
            network.close();
            throw e;
        }
        return network;
    }

    private void build() throws Exception {
        ip("link", "add", bridge(), "type", "bridge");
        ip("addr", "add", subnet + ".1/24", "dev", bridge());
        ip("link", "set", bridge(), "up");
        for (int host = 1; host <= hosts; host++) {
            ip("netns", "add", namespace(host));
            ip("link", "add", "as" + id + "h" + host, "type", "veth", "peer", "name", "as" + id + "p" + host);
            ip("link", "set", "as" + id + "p" + host, "netns", namespace(host));
            ip("link", "set", "as" + id + "h" + host, "master", bridge());
            ip("link", "set", "as" + id + "h" + host, "up");
            inside(host, "ip", "addr", "add", address(host).getHostAddress() + "/24", "dev", "as" + id + "p" + host);
            inside(host, "ip", "link", "set", "as" + id + "p" + host, "up");
            inside(host, "ip", "link", "set", "lo", "up");
        }
    }

    /** What runs a command on {@code host}. */
    List<String> prefix(int host) {
        return List.of("ip", "netns", "exec", namespace(host));
    }

    InetAddress address(int host) throws IOException {
        return InetAddress.getByName(subnet + "." + (10 + host));
    }

    String subnetCidr() {
        return subnet + ".0/24";
    }

    /** Cuts {@code host} off from every other host (not from the test). */
    void isolate(int host) throws Exception {
        routes(host, "add");
    }

    void heal(int host) throws Exception {
        routes(host, "del");
    }

    private void routes(int host, String action) throws Exception {
        for (int other = 1; other <= hosts; other++) {
            if (other != host) {
                inside(host, "ip", "route", action, "blackhole", address(other).getHostAddress() + "/32");
                inside(other, "ip", "route", action, "blackhole", address(host).getHostAddress() + "/32");
            }
        }
    }

    private String bridge() {
        return "as" + id + "br";
    }

    private String namespace(int host) {
        return "aspstate-" + id + "-" + host;
    }

    private void inside(int host, String... command) throws Exception {
        List<String> all = new ArrayList<>(prefix(host));
        all.addAll(List.of(command));
        run(all);
    }

    private static void ip(String... arguments) throws Exception {
        List<String> all = new ArrayList<>(List.of("ip"));
        all.addAll(List.of(arguments));
        run(all);
    }

    private static void run(List<String> command) throws Exception {
        BoundedProcess.Result result = BoundedProcess.run(command, Map.of(), "", COMMAND_LIMIT);
        if (result.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (" + result.exitCode() + "): "
                    + result.stderr().trim() + " (network namespaces need root and iproute2)");
        }
    }

    /** Removes what {@link #create} made, whatever is left of it. */
    @Override
    public void close() {
        for (int host = 1; host <= hosts; host++) {
            quietly(List.of("ip", "netns", "del", namespace(host)));
            quietly(List.of("ip", "link", "del", "as" + id + "h" + host));
        }
        quietly(List.of("ip", "link", "del", bridge()));
    }

    private static void quietly(List<String> command) {
        try {
            BoundedProcess.run(command, Map.of(), "", COMMAND_LIMIT);
        } catch (Exception ignored) {
            // best effort: the next command removes what it can
        }
    }
}
