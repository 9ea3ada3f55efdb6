package aspstate.transport;

import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;

/**
 * The threads a server's listeners run on: one acceptor thread and one I/O loop per CPU, made once and shared by
 * every listener (StateServer, TDS, admin), so that a server has as many I/O threads as cores whatever it serves.
 * A listener started without them makes its own.
 */
public final class ServerEventLoops implements AutoCloseable {
    private final IoTransport transport;
    private final int ioLoops;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;

    private ServerEventLoops(IoTransport transport, int ioLoops) {
        this.transport = transport;
        this.ioLoops = ioLoops;
        this.acceptor = transport.newGroup(1);
        try {
            this.workers = transport.newGroup(ioLoops);
        } catch (RuntimeException | Error e) {
            // A ring can fail to be made though the transport was available (locked-memory limits of older
            // kernels, memory): release the acceptor's, and say which transport to avoid.
            acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IllegalStateException(
                    "the " + transport + " event loops could not be made (" + e
                            + "); --transport epoll or nio avoids them",
                    e);
        }
    }

    /**
     * One I/O loop per CPU this process may use (taskset and container limits included): more would only add
     * switching.
     */
    public static ServerEventLoops perCpu(IoTransport transport) {
        return new ServerEventLoops(transport, Runtime.getRuntime().availableProcessors());
    }

    public IoTransport transport() {
        return transport;
    }

    /** For the startup line: "io_uring on 2 I/O loops". */
    @Override
    public String toString() {
        return transport + " on " + ioLoops + " I/O loop" + (ioLoops == 1 ? "" : "s");
    }

    EventLoopGroup acceptor() {
        return acceptor;
    }

    EventLoopGroup workers() {
        return workers;
    }

    /**
     * Lets tasks already given to the loops run, then stops them. Close the listeners first: they stop accepting and
     * close their connections while the loops still run ({@link TcpListener#close()}).
     */
    @Override
    public void close() {
        acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(100, 5_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    /** Stops at once, for a listener that failed to start. */
    void closeNow() {
        acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }
}
