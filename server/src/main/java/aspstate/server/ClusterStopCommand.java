package aspstate.server;

import aspstate.store.infinispan.ClusterSettings;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.infinispan.InfinispanStores;
import aspstate.store.infinispan.StoreStartException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate cluster-stop}: stops every node of a running cluster so that, with {@code --data-dir}, a start of
 * all of them brings every session back. Takes the server's own options (the same config file), of which it uses
 * the cluster's; it joins the cluster from {@code --cluster-bind} on a free port, so it can run on a node's machine.
 */
@Command(
        name = "cluster-stop",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        defaultValueProvider = ConfigFileDefaults.class,
        sortOptions = false,
        description = "Stops every node of the cluster the options describe (run it with a node's own options or "
                + "config file). With --" + ServerOptions.DATA_DIR + ", each node keeps its sessions and the "
                + "cluster's layout: when all of them are started again, the cluster waits until every node is "
                + "back, and every session is there. For a rolling restart, stop one node at a time with SIGTERM "
                + "instead.%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the cluster took the request and stops",
            "1:unexpected failure (see the log)",
            "2:bad option or value, no --" + ServerOptions.CLUSTER_MEMBERS + ", or the cluster cannot be reached"
        })
final class ClusterStopCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions options;

    private final long heapMaxBytes;
    private final PrintStream out;

    ClusterStopCommand(long heapMaxBytes, PrintStream out) {
        this.heapMaxBytes = heapMaxBytes;
        this.out = out;
    }

    @Override
    public Integer call() {
        ServeOptions parsed = options.parse(spec, heapMaxBytes);
        LogLevels.apply(parsed.logLevel());
        InfinispanSettings settings = parsed.infinispan()
                .orElseThrow(() -> new UserError("no --" + ServerOptions.CLUSTER_MEMBERS + ": there is no cluster to "
                        + "stop (stop a single server with SIGTERM)"));
        ClusterSettings node = settings.cluster();
        // The tool's own address: the node's, on a free port (the node itself may be running on this machine).
        ClusterSettings tool =
                new ClusterSettings(node.name(), node.bindAddress(), 0, node.members(), node.owners(), node.tls());
        List<String> takers;
        try {
            takers = InfinispanStores.stopCluster(tool, settings.quorumTimeout());
        } catch (StoreStartException e) {
            throw new UserError(parsed.where(ServerOptions.CLUSTER_MEMBERS) + ": " + e.getMessage());
        }
        out.println("cluster " + node.name() + " is stopping: " + String.join(", ", takers) + " took the request");
        out.flush();
        return 0;
    }
}
