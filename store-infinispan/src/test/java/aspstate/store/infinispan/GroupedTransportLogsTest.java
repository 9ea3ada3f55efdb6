package aspstate.store.infinispan;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.CapturedLog;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.io.EOFException;
import java.net.SocketException;
import org.jgroups.logging.Log;
import org.jgroups.logging.LogFactory;
import org.jgroups.logging.Slf4jLogImpl;
import org.jgroups.protocols.TCP;
import org.junit.jupiter.api.Test;

/**
 * What the cluster transport logs when strangers reach the cluster port: 500 connections with a wrong version or
 * garbage frames logged 557 lines, ERRORs with stack traces among them. Grouped, they are a line per kind per 10 s.
 */
class GroupedTransportLogsTest {
    @Test
    void aKindIsTheStartOfTheTextWithoutDigits() {
        assertThat(GroupedTransportLogs.kindOf("JGRP000010: packet from 10.1.2.3:7800 has different version"))
                .isEqualTo(GroupedTransportLogs.kindOf("JGRP000010: packet from 10.9.8.7:7801 has different version"))
                .isEqualTo("JGRP: packet from ...: has different version");
        assertThat(GroupedTransportLogs.kindOf("failed handling message: java.io.EOFException"))
                .isNotEqualTo(GroupedTransportLogs.kindOf("JGRP000010: packet from 10.1.2.3:7800"));
        assertThat(GroupedTransportLogs.kindOf("x".repeat(100))).hasSize(48);
    }

    @Test
    void repeatsOfAKindAreOneLineWithoutAStackTraceAndClientTextCannotForgeALine() {
        Log log = GroupedTransportLogs.wrap(new Slf4jLogImpl(TCP.class));
        try (CapturedLog captured = new CapturedLog(TCP.class, Level.DEBUG)) {
            for (int i = 0; i < 100; i++) {
                log.warn(
                        "JGRP000010: packet from %s has different version (%s) than ours (%s); packet is discarded",
                        "10.0.0." + i + ":7800\r\n2026-01-01 00:00:00 ERROR forged", "4.10." + i, "5.5.2");
                log.error("JGRP000030: 127.0.0.1:7800: failed handling incoming message", new EOFException());
            }
            assertThat(captured.events())
                    .filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.WARN))
                    .hasSize(2)
                    .allSatisfy(event -> {
                        assertThat(event.getFormattedMessage())
                                .startsWith("1 cluster transport event(s) of this " + "kind (latest: JGRP0000")
                                .doesNotContain("\n", "\r");
                        assertThat(event.getThrowableProxy()).isNull();
                    });
            assertThat(captured.events())
                    .extracting(ILoggingEvent::getFormattedMessage)
                    .anySatisfy(line ->
                            assertThat(line).contains("failed handling incoming message: " + "java.io.EOFException"));
        }
    }

    @Test
    void aReadEndedByThisNodeClosingTheConnectionIsNoWarning() {
        Log log = GroupedTransportLogs.wrap(new Slf4jLogImpl(TCP.class));
        try (CapturedLog captured = new CapturedLog(TCP.class, Level.DEBUG)) {
            log.warn("failed handling message: java.io.IOException: Stream closed");
            log.warn("JGRP000006: 127.0.0.1:7800: failed accepting connection", new SocketException("Socket closed"));

            assertThat(captured.events())
                    .filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.INFO))
                    .isEmpty();
            assertThat(captured.events()).hasSize(2);
        }
    }

    @Test
    void jgroupsGivesTheCappedTransportTheGroupedLogOfTcpAndEveryoneElseItsOwn() {
        GroupedTransportLogs.install();

        assertThat(LogFactory.getLog(CappedTcp.class)).isInstanceOf(GroupedTransportLogs.class);
        assertThat(LogFactory.getLog(TCP.class)).isInstanceOf(Slf4jLogImpl.class);
    }
}
