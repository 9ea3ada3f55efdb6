package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.CapturedLog;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.infinispan.commons.IllegalLifecycleStateException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Lines Infinispan and JGroups log on a cluster's normal paths, as they log them: what reaches the log is nothing,
 * or one line of ours. (The tests' classpath has a logback-test.xml of the tds tests, so the filter is added here
 * for each test; that the server's logback.xml installs it is checked apart.)
 */
class LibraryLogLinesTest {
    private static final org.slf4j.Logger CONTAINER = LoggerFactory.getLogger("org.infinispan.CONTAINER");
    private static final org.slf4j.Logger CLUSTER_STATUS =
            LoggerFactory.getLogger("org.infinispan.topology.ClusterCacheStatus");
    private static final org.slf4j.Logger CLUSTER = LoggerFactory.getLogger("org.infinispan.CLUSTER");
    private static final org.slf4j.Logger TCP = LoggerFactory.getLogger("org.jgroups.protocols.TCP");

    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final LibraryLogLines filter = new LibraryLogLines();

    @BeforeEach
    void installFilter() {
        filter.start();
        context.addTurboFilter(filter);
    }

    @AfterEach
    void removeFilter() {
        context.getTurboFilterList().remove(filter);
    }

    @Test
    void theServersLogbackXmlInstallsIt() throws Exception {
        LoggerContext fresh = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(fresh);
        configurator.doConfigure(
                Path.of("src", "main", "resources", "logback.xml").toFile());

        assertThat(fresh.getTurboFilterList()).hasAtLeastOneElementOfType(LibraryLogLines.class);
        fresh.stop();
    }

    @Test
    void waitingForTheMissingMembersAfterAClusterWideStopIsNotWarnedAbout() {
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            CONTAINER.warn("ISPN000689: Recovering cache 'stateserver' but there are missing members, known members "
                    + "[127.0.0.1:7801, 127.0.0.1:7800] of a total of 3");
            CLUSTER_STATUS.warn("ISPN000689: Recovering cache 'aspstate-counters' but there are missing members, "
                    + "known members [127.0.0.1:7801] of a total of 3");

            assertThat(log.events()).isEmpty();
        }
    }

    @Test
    void sessionsLostToNodesStoppingTogetherAreSaidInOneLineOfOurs() {
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            CLUSTER.warn("[Context=stateserver] ISPN000316: Lost data because of graceful leaver 127.0.0.1:7800, "
                    + "entering degraded mode");

            assertThat(log.events()).singleElement().satisfies(event -> {
                assertThat(event.getLoggerName()).isEqualTo("aspstate.cluster");
                assertThat(event.getLevel()).isEqualTo(Level.WARN);
                assertThat(event.getFormattedMessage())
                        .startsWith("sessions were lost: node 127.0.0.1:7800 stopped "
                                + "before the other nodes held copies of what it owned")
                        .contains("aspstate cluster-stop");
            });
        }
    }

    @Test
    void aStoreLeftWithoutSomeCopiesAfterNodesLeftIsSaidAsAWarningOfOurs() {
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            CLUSTER.error("[Context=corecache-entries] ISPN000319: After merge (or coordinator change), cache still "
                    + "hasn't recovered all its data and must stay in degraded mode. Current members are "
                    + "[127.0.0.1:7801], lost members are [127.0.0.1:7800, 127.0.0.1:7802]");

            assertThat(log.events()).singleElement().satisfies(event -> {
                assertThat(event.getLoggerName()).isEqualTo("aspstate.cluster");
                assertThat(event.getLevel()).isEqualTo(Level.WARN);
                assertThat(event.getFormattedMessage())
                        .contains("refuse the sessions whose copies were all on nodes that left")
                        .contains("corecache-entries");
            });
        }
    }

    @Test
    void connectionsToTheClusterPortThatFailAreCountedAndThoseClosedAtOnceAreNot() {
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            TCP.warn("JGRP000006: 127.0.0.1:7801: failed accepting connection from peer Socket[addr=/127.0.0.1,"
                    + "port=50083,localport=7801]: java.io.EOFException");
            for (int i = 0; i < 3; i++) {
                TCP.warn("JGRP000006: 127.0.0.1:7801: failed accepting connection from peer Socket[addr=/10.0.0.9,"
                        + "port=4000" + i + ",localport=7801]: javax.net.ssl.SSLHandshakeException: no cipher suites "
                        + "in common");
            }

            assertThat(log.events()).singleElement().satisfies(event -> {
                assertThat(event.getLoggerName()).isEqualTo("aspstate.cluster");
                assertThat(event.getFormattedMessage())
                        .isEqualTo("cluster port: 1 connection(s) failed (latest: "
                                + "Socket[addr=/10.0.0.9,port=40000,localport=7801]: javax.net.ssl.SSLHandshakeException: "
                                + "no cipher suites in common)");
            });
        }
    }

    @Test
    void aConnectionClosedByThisNodesStopIsNotWarnedAboutButOtherFailuresAre() {
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            TCP.warn("failed handling message", new IOException("Stream closed"));
            TCP.warn("failed handling message", new IOException("Connection reset"));
            CONTAINER.warn("ISPN000999: something else entirely");

            List<String> lines = log.events().stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
            assertThat(lines).containsExactly("failed handling message", "ISPN000999: something else entirely");
            assertThat(log.events().get(0).getThrowableProxy().getMessage()).isEqualTo("Connection reset");
        }
    }

    @Test
    void workCutShortByThisNodesStopIsNotLoggedButOtherErrorsAre() {
        org.slf4j.Logger topology = LoggerFactory.getLogger("org.infinispan.topology.TopologyManagementHelper");
        try (CapturedLog log = new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, Level.INFO)) {
            topology.error(
                    "Failed to execute ReplicableCommand RebalancePhaseConfirmCommand{cacheName='stateserver'} on "
                            + "coordinator async: Cannot wire or start components while the registry is not running",
                    new IllegalLifecycleStateException(
                            "Cannot wire or start components while the registry is not running"));
            topology.error(
                    "Failed to execute a command",
                    new CompletionException(new IllegalLifecycleStateException("Cache container has been stopped")));
            topology.error("Failed to execute a command", new IllegalStateException("something else entirely"));

            List<String> lines = log.events().stream()
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
            assertThat(lines).containsExactly("Failed to execute a command");
            assertThat(log.events().get(0).getThrowableProxy().getMessage()).isEqualTo("something else entirely");
        }
    }
}
