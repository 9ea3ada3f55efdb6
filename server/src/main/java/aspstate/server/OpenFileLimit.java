package aspstate.server;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps --max-connections within the process's open-file limit. Past that limit the kernel refuses every new
 * socket, so one client holding connections would stop all the others (and the store's files); lowering the limit
 * instead leaves them room and refuses only connections beyond it.
 */
final class OpenFileLimit {
    /** Files kept for the rest of the process: the JVM's jars, the data directory's files, cluster connections. */
    static final int RESERVED_FILES = 256;
    /** The StateServer and TDS listeners, which --max-connections holds each. */
    private static final int LISTENERS = 2;

    private static final Logger LOG = LoggerFactory.getLogger(OpenFileLimit.class);

    private OpenFileLimit() {}

    /**
     * {@code asked}, or less if the open-file limit cannot hold that many on both protocol listeners beside the
     * admin listener's cap (with a warning).
     */
    static int connectionsPerListener(int asked, int adminConnections, String where) {
        long limit = maxFileDescriptors();
        long fits = Math.max(1, (limit - RESERVED_FILES - adminConnections) / LISTENERS);
        if (asked <= fits) {
            return asked;
        }
        LOG.warn(
                "{}: lowered to {} per listener, which the open-file limit of {} allows (raise it with "
                        + "'ulimit -n' or LimitNOFILE= to allow more)",
                where,
                fits,
                limit);
        return (int) fits;
    }

    private static long maxFileDescriptors() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return unix.getMaxFileDescriptorCount();
        }
        return Long.MAX_VALUE;
    }
}
