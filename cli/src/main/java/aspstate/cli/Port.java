package aspstate.cli;

import aspstate.core.TcpPort;
import picocli.CommandLine.ITypeConverter;

/**
 * A TCP port to listen on, 0..65535, where 0 asks the kernel for a free one. Every port option and every
 * HOST:PORT list checks its ports here, so that all of them accept and refuse the same texts.
 */
public final class Port implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
        return parse(text, 0, "");
    }

    /**
     * @param min    0 where a free port may be picked, 1 where the port must be known in advance
     * @param orElse what else the option takes, for the message about a text that is not a number
     * @throws IllegalArgumentException naming the accepted range
     */
    static int parse(String text, int min, String orElse) {
        int port;
        try {
            port = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port number (" + min + ".." + TcpPort.MAX
                    + (min == 0 ? "; 0 picks a free port)" : ")") + orElse);
        }
        return TcpPort.require(port, min);
    }

    /** A port other nodes are told to connect to: picking a free one would leave them unable to find it. */
    public static final class Fixed implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return parse(text, 1, "");
        }
    }
}
