package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.StateServerSettings;
import aspstate.store.infinispan.ClusterSettings;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalSettings;
import aspstate.tds.TdsSettings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Each option of {@code serve}, parsed in-process: what it turns into. */
class ServeOptionsTest {

    @Test
    void withoutOptionsServesWithTheLibraryDefaults() throws Exception {
        ServeOptions options = CliRun.serve();

        StateServerSettings defaults = StateServerSettings.defaults();
        StateServerSettings stateServer = options.stateServer();
        assertThat(stateServer.bindAddress()).isEqualTo(InetAddress.getByName("127.0.0.1"));
        assertThat(stateServer.port()).isEqualTo(42424).isEqualTo(defaults.port());
        assertThat(stateServer.allowedPeers())
                .map(Object::toString)
                .containsExactly("127.0.0.0/8", "::1")
                .isEqualTo(
                        defaults.allowedPeers().stream().map(Object::toString).toList());
        assertThat(stateServer.idleTimeout()).isEqualTo(Duration.ofSeconds(30)).isEqualTo(defaults.idleTimeout());
        assertThat(stateServer.maxBodyBytes()).isEqualTo(64L << 20).isEqualTo(defaults.maxBodyBytes());
        assertThat(stateServer.aspNetVersion()).isEqualTo("4.0.30319").isEqualTo(defaults.aspNetVersion());
        assertThat(stateServer.lockDateZone()).isEqualTo(ZoneId.systemDefault());
        assertThat(options.memoryStore()).isEqualTo(MemoryStoreSettings.withMaxMemory(CliRun.HEAP_MAX_BYTES / 2));
        assertThat(options.logLevel()).isEqualTo(LogLevel.INFO);
        assertThat(options.tds()).contains(TdsSettings.defaults());
    }

    @Test
    void withoutDataDirOrClusterMembersTheStoresAreInMemory() {
        assertThat(CliRun.serve().infinispan()).isEmpty();
        assertThat(CliRun.serve().journal()).isEmpty();
        assertThat(CliRun.serve(
                                "--fsync",
                                "off",
                                "--owners",
                                "3",
                                "--cluster-port",
                                "7801",
                                "--journal-rewrite-growth",
                                "50")
                        .journal())
                .as("settings for what is not in use are checked, not applied")
                .isEmpty();
    }

    @Test
    void dataDirMakesTheStoresDurableWithAJournalWithFsyncAlwaysByDefault() {
        JournalSettings settings =
                CliRun.serve("--data-dir", "/var/lib/aspstate").journal().orElseThrow();

        assertThat(settings).isEqualTo(new JournalSettings(Path.of("/var/lib/aspstate"), Fsync.ALWAYS, 64L << 20, 100));
        assertThat(CliRun.serve("--data-dir", "d").infinispan())
                .as("one node: no Infinispan")
                .isEmpty();
        assertThat(CliRun.serve("--data-dir", "d", "--fsync", "OFF")
                        .journal()
                        .orElseThrow()
                        .fsync())
                .isEqualTo(Fsync.OFF);
        assertThat(CliRun.serve(
                                "--data-dir",
                                "d",
                                "--fsync",
                                "everysec",
                                "--journal-rewrite-min-size",
                                "1GiB",
                                "--journal-rewrite-growth",
                                "200")
                        .journal())
                .contains(new JournalSettings(Path.of("d"), Fsync.EVERYSEC, 1L << 30, 200));
    }

    @Test
    void clusterMembersMakeANodeOfAClusterOnLoopbackWithoutASecret() throws Exception {
        InfinispanSettings settings = CliRun.serve(
                        "--cluster-members", "127.0.0.1:7800,127.0.0.1:7801,[::1]:7802", "--cluster-join-timeout", "1m")
                .infinispan()
                .orElseThrow();

        ClusterSettings cluster = settings.cluster();
        assertThat(cluster.members())
                .containsExactly(
                        new InetSocketAddress("127.0.0.1", 7800),
                        new InetSocketAddress("127.0.0.1", 7801),
                        new InetSocketAddress(InetAddress.getByName("::1"), 7802));
        assertThat(cluster.bindAddress()).as("follows --bind").isEqualTo(InetAddress.getByName("127.0.0.1"));
        assertThat(cluster.port()).isEqualTo(7800);
        assertThat(cluster.name()).isEqualTo("aspstate");
        assertThat(cluster.owners()).isEqualTo(2);
        assertThat(cluster.tls()).isEmpty();
        assertThat(cluster.nodeName()).isEqualTo("127.0.0.1:7800");
        assertThat(settings.journal()).isEmpty();
        assertThat(settings.quorumTimeout()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void aClusterSecretGivesMutualTlsAndAllowsAnyAddress() throws Exception {
        ClusterSettings cluster = CliRun.serve(
                        "--tds-port",
                        "off",
                        "--bind",
                        "0.0.0.0",
                        "--cluster-bind",
                        "10.0.0.1",
                        "--cluster-port",
                        "7900",
                        "--cluster-members",
                        "10.0.0.1:7900,10.0.0.2:7900",
                        "--cluster-name",
                        "farm-1",
                        "--owners",
                        "2",
                        "--cluster-secret",
                        "0123456789abcdef")
                .infinispan()
                .orElseThrow()
                .cluster();

        assertThat(cluster.bindAddress()).isEqualTo(InetAddress.getByName("10.0.0.1"));
        assertThat(cluster.nodeName()).isEqualTo("10.0.0.1:7900");
        assertThat(cluster.name()).isEqualTo("farm-1");
        assertThat(cluster.owners()).isEqualTo(2);
        assertThat(cluster.tls())
                .hasValueSatisfying(context -> assertThat(context.getProtocol()).isEqualTo("TLSv1.3"));
    }

    @Test
    void bindTakesAnIpv4OrIpv6Address() throws Exception {
        assertThat(CliRun.serve("--bind", "0.0.0.0", "--tds-port", "off")
                        .stateServer()
                        .bindAddress())
                .isEqualTo(InetAddress.getByName("0.0.0.0"));
        assertThat(CliRun.serve("--bind", "::1").stateServer().bindAddress()).isEqualTo(InetAddress.getByName("::1"));
        assertThat(CliRun.serve("--bind=127.0.0.2").stateServer().bindAddress())
                .isEqualTo(InetAddress.getByName("127.0.0.2"));
    }

    @Test
    void tdsPortTakesAPortZeroForAnyFreeOneOrOff() {
        assertThat(CliRun.serve("--tds-port", "1434").tds())
                .map(TdsSettings::port)
                .contains(1434);
        assertThat(CliRun.serve("--tds-port", "0").tds()).map(TdsSettings::port).contains(0);
        assertThat(CliRun.serve("--tds-port", "off").tds()).isEmpty();
        assertThat(CliRun.serve("--tds-port", "OFF").tds()).isEmpty();
    }

    @Test
    void tdsBindFollowsBindUnlessGiven() throws Exception {
        assertThat(CliRun.serve("--bind", "127.0.0.2").tds())
                .map(TdsSettings::bindAddress)
                .contains(InetAddress.getByName("127.0.0.2"));
        assertThat(CliRun.serve("--bind", "::1").tds())
                .map(TdsSettings::bindAddress)
                .contains(InetAddress.getByName("::1"));

        ServeOptions options = CliRun.serve("--bind", "0.0.0.0", "--tds-bind", "127.0.0.1");
        assertThat(options.stateServer().bindAddress()).isEqualTo(InetAddress.getByName("0.0.0.0"));
        assertThat(options.tds()).map(TdsSettings::bindAddress).contains(InetAddress.getByName("127.0.0.1"));
    }

    @Test
    void anUnsetTdsBindIsReportedWhereBindWasWritten() {
        assertThat(CliRun.serve("--bind", "127.0.0.2").where(ServerOptions.TDS_BIND))
                .isEqualTo("--bind 127.0.0.2");
        assertThat(CliRun.serve("--tds-bind", "::1").where(ServerOptions.TDS_BIND))
                .isEqualTo("--tds-bind ::1");
    }

    @Test
    void stateServerPortTakesAPortAndZeroForAnyFreeOne() {
        assertThat(CliRun.serve("--stateserver-port", "42425").stateServer().port())
                .isEqualTo(42425);
        assertThat(CliRun.serve("--stateserver-port", "0").stateServer().port()).isZero();
        assertThat(CliRun.serve("--stateserver-port", "65535").stateServer().port())
                .isEqualTo(65535);
    }

    @Test
    void allowIsRepeatableAndCommaSeparatedAndReplacesTheDefault() {
        ServeOptions options = CliRun.serve("--allow", "10.0.0.0/8,192.168.1.7", "--allow", "fd00::/8");

        assertThat(options.stateServer().allowedPeers())
                .map(Object::toString)
                .containsExactly("10.0.0.0/8", "192.168.1.7", "fd00::/8");
    }

    @Test
    void allowedPeersDecideWhoMayConnect() throws Exception {
        StateServerSettings settings =
                CliRun.serve("--allow", "10.0.0.0/8, 127.0.0.0/8").stateServer();

        assertThat(settings.isAllowed(InetAddress.getByName("10.1.2.3"))).isTrue();
        assertThat(settings.isAllowed(InetAddress.getByName("127.0.0.1"))).isTrue();
        assertThat(settings.isAllowed(InetAddress.getByName("192.168.1.1"))).isFalse();
        assertThat(settings.isAllowed(InetAddress.getByName("::1")))
                .as("::1 is no longer in the list")
                .isFalse();
    }

    @Test
    void idleTimeoutTakesDurationsAndZeroDisables() {
        assertThat(CliRun.serve("--idle-timeout", "500ms").stateServer().idleTimeout())
                .isEqualTo(Duration.ofMillis(500));
        assertThat(CliRun.serve("--idle-timeout", "2m").stateServer().idleTimeout())
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(CliRun.serve("--idle-timeout", "90").stateServer().idleTimeout())
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(CliRun.serve("--idle-timeout", "0").stateServer().idleTimeout())
                .isZero();
    }

    @Test
    void maxBodyTakesByteSizes() {
        assertThat(CliRun.serve("--max-body", "1MiB").stateServer().maxBodyBytes())
                .isEqualTo(1L << 20);
        assertThat(CliRun.serve("--max-body", "1000").stateServer().maxBodyBytes())
                .isEqualTo(1000);
    }

    @Test
    void maxMemoryIsHalfTheHeapByDefaultZeroForUnlimitedOrASize() {
        assertThat(CliRun.serve("--max-memory", "AUTO").memoryStore().maxMemoryBytes())
                .isEqualTo(2L << 30);
        assertThat(CliRun.serve("--max-memory", "0").memoryStore().maxMemoryBytes())
                .isZero();
        assertThat(CliRun.serve("--max-memory", "512MiB").memoryStore().maxMemoryBytes())
                .isEqualTo(512L << 20);
    }

    @Test
    void maxMemoryAutoRoundsHalfTheHeapDownToWholeMebibytes() {
        long heap = (1000L << 20) + 12345;
        ServeOptions options = CliRun.serveWithHeap(heap, "--max-memory", "auto");

        assertThat(options.memoryStore().maxMemoryBytes()).isEqualTo(500L << 20);
    }

    @Test
    void versionHeaderIsSentAsGiven() {
        assertThat(CliRun.serve("--version-header", "2.0.50727").stateServer().aspNetVersion())
                .isEqualTo("2.0.50727");
    }

    @Test
    void logLevelTakesEveryLevelInAnyCase() {
        assertThat(CliRun.serve("--log-level", "error").logLevel()).isEqualTo(LogLevel.ERROR);
        assertThat(CliRun.serve("--log-level", "WARN").logLevel()).isEqualTo(LogLevel.WARN);
        assertThat(CliRun.serve("--log-level", "Debug").logLevel()).isEqualTo(LogLevel.DEBUG);
        assertThat(CliRun.serve("--log-level", "trace").logLevel()).isEqualTo(LogLevel.TRACE);
    }

    @Test
    void remembersWhereEachValueWasWritten() {
        ServeOptions options = CliRun.serve("--max-body", "1MiB");

        assertThat(options.where(ServerOptions.MAX_BODY)).isEqualTo("--max-body 1MiB");
        assertThat(options.where(ServerOptions.STATESERVER_PORT)).isEqualTo("--stateserver-port 42424");
    }
}
