package aspstate.server;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import org.infinispan.commons.IllegalLifecycleStateException;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * What Infinispan and JGroups warn about on the normal paths of a cluster, as an operator should read it: each line
 * known here is either dropped, for the reason given beside it, or replaced by one line of ours that says what
 * happened and what to do. Every other line of theirs passes as it is. Installed in logback.xml, so it holds from
 * the first line on.
 */
public final class LibraryLogLines extends TurboFilter {
    private static final String FAILED_ACCEPT = "failed accepting connection from peer ";

    /** Taken at the first line of ours, not while logback.xml is read (when loggers are not ready yet). */
    private static final class Lines {
        /** Our lines about the cluster, under a name the log shows as "cluster". */
        static final org.slf4j.Logger CLUSTER = LoggerFactory.getLogger("aspstate.cluster");
        /** Connections to the cluster port that failed, however many: one line per 10 s with the count. */
        static final RepeatedEventLog FAILED_CONNECTIONS = new RepeatedEventLog(CLUSTER);
        /** Caches left without some sessions' copies after members left: one line per 10 s for all of them. */
        static final RepeatedEventLog DEGRADED = new RepeatedEventLog(CLUSTER);
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (format == null || level == null || !level.isGreaterOrEqual(Level.WARN) || !fromLibrary(logger)) {
            return FilterReply.NEUTRAL;
        }
        if (is(format, "ISPN000689")) {
            // "Recovering cache ... but there are missing members": every node of a cluster started again after
            // cluster-stop says this for each cache until the last node is back. That wait is the design, and
            // InfinispanStores says it once, in its own words ("waiting for every node of it to be back").
            return FilterReply.DENY;
        }
        if (is(format, "ISPN000316")) {
            Lines.CLUSTER.warn(
                    "sessions were lost: {} stopped before the other nodes held copies of what it owned, "
                            + "and the cluster now refuses those sessions (stop nodes one at a time, each once the one "
                            + "before is back, or the whole cluster with aspstate cluster-stop)",
                    leaver(format));
            return FilterReply.DENY;
        }
        if (is(format, "ISPN000319")) {
            // "After merge (or coordinator change), cache still hasn't recovered all its data and must stay in
            // degraded mode": the node left in charge after others stopped (the whole cluster stopping at once, say)
            // lacks copies that only they held. Said as what it means, at WARN: it is not a fault of this node.
            Lines.DEGRADED.occurred(
                    "{} store(s) refuse the sessions whose copies were all on nodes that left (latest: {}); they are "
                            + "served again once those nodes are back",
                    LogText.client(context(format)));
            return FilterReply.DENY;
        }
        if (is(format, "JGRP000006") && format.contains(FAILED_ACCEPT)) {
            // An EOF is a peer that closed before saying who it is: two nodes connecting to each other at once
            // (JGroups keeps one of the two connections), or a probe of the port. Anything else is a client of the
            // cluster port that failed (no secret, garbage), counted as such.
            if (!format.endsWith("java.io.EOFException")) {
                Lines.FAILED_CONNECTIONS.occurred(
                        "cluster port: {} connection(s) failed (latest: {})",
                        LogText.client(format.substring(format.indexOf(FAILED_ACCEPT) + FAILED_ACCEPT.length())));
            }
            return FilterReply.DENY;
        }
        if (format.equals("failed handling message") && closedByThisNode(throwable(params, t))) {
            // A connection this node closed while stopping, read once more by its receiver thread: nothing lost.
            return FilterReply.DENY;
        }
        if (causedByThisNodesStop(throwable(params, t))) {
            // Work this node's Infinispan had under way when it stopped (a step of a rebalance after a member joined,
            // confirmed to a coordinator that is itself stopping), refused by its own components as they stop, with
            // an ERROR and a stack trace: the whole cluster sent SIGTERM at once shows it. Nothing is lost by it.
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }

    /** The library's line with this code, which may follow a context: "[Context=stateserver] ISPN000316: ...". */
    private static boolean is(String line, String code) {
        return line.startsWith(code + ":") || line.contains("] " + code + ":");
    }

    /** "[Context=stateserver] ISPN...": the cache named, or "a store". */
    private static String context(String line) {
        String before = "[Context=";
        int start = line.indexOf(before);
        int end = start < 0 ? -1 : line.indexOf(']', start);
        return end < 0 ? "a store" : line.substring(start + before.length(), end);
    }

    private static boolean fromLibrary(Logger logger) {
        String name = logger.getName();
        return name.startsWith(LogLevels.INFINISPAN_LOGGER) || name.startsWith(LogLevels.JGROUPS_LOGGER);
    }

    /** "ISPN000316: Lost data because of graceful leaver NODE, entering degraded mode" names the node. */
    private static String leaver(String line) {
        String after = "graceful leaver ";
        int start = line.indexOf(after);
        if (start < 0) {
            return "a node";
        }
        int end = line.indexOf(',', start);
        return "node " + LogText.client(line.substring(start + after.length(), end < 0 ? line.length() : end));
    }

    private static Throwable throwable(Object[] params, Throwable t) {
        if (t != null || params == null || params.length == 0) {
            return t;
        }
        return params[params.length - 1] instanceof Throwable last ? last : null;
    }

    /** Whether {@code t}, or what it wraps, says this node's Infinispan components are stopping or stopped. */
    private static boolean causedByThisNodesStop(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            if (cause instanceof IllegalLifecycleStateException) {
                return true;
            }
        }
        return false;
    }

    private static boolean closedByThisNode(Throwable t) {
        return t instanceof IOException
                && ("Stream closed".equals(t.getMessage()) || "Socket closed".equals(t.getMessage()));
    }
}
