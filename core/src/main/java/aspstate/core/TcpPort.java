package aspstate.core;

/** The range of a TCP port, checked here by every setting and option that holds one, so that all agree. */
public final class TcpPort {
    public static final int MAX = 65535;

    private TcpPort() {}

    /**
     * @param min 0 where the kernel may pick a free port, 1 where the port must be known in advance
     * @throws IllegalArgumentException naming the range
     */
    public static int require(int port, int min) {
        if (port < min || port > MAX) {
            throw new IllegalArgumentException("port must be " + min + ".." + MAX + ", got " + port);
        }
        return port;
    }
}
