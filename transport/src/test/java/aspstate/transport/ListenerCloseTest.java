package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing a listener closes its connections, on the process's best transport, though the loops they run on go on
 * serving others: a client left connected to a listener that is gone would wait for its answers forever.
 */
@Timeout(60)
class ListenerCloseTest {
    private static final int CONNECTIONS = 20;

    private final List<Socket> clients = new ArrayList<>();
    private final ServerEventLoops sharedLoops = ServerEventLoops.perCpu(IoTransport.best());

    @AfterEach
    void close() throws IOException {
        for (Socket client : clients) {
            client.close();
        }
        sharedLoops.close();
    }

    @Test
    void aListenerOnSharedLoopsClosesItsConnectionsWhileTheLoopsRunOn() throws Exception {
        TcpListener listener = start();
        connect(listener);
        listener.close();
        assertThat(stillOpen()).isZero();
    }

    private TcpListener start() throws InterruptedException {
        return TcpListener.start(
                sharedLoops,
                new ConnectionStatistics("test"),
                InetAddress.getLoopbackAddress(),
                0,
                true,
                ConnectionLimits.defaults().withMaxConnections(CONNECTIONS, CONNECTIONS),
                ch -> ch.pipeline().addLast(new Echo()));
    }

    /** Connections that each had a byte answered, as a client's are between requests. */
    private void connect(TcpListener listener) throws IOException {
        for (int i = 0; i < CONNECTIONS; i++) {
            Socket client = new Socket(
                    listener.address().getAddress(), listener.address().getPort());
            clients.add(client);
            client.getOutputStream().write('x');
            assertThat(client.getInputStream().read()).isEqualTo('x');
        }
    }

    /** How many clients have not read the end of the stream (or a reset) within a few seconds of the close. */
    private int stillOpen() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        int open = 0;
        for (Socket client : clients) {
            client.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            try {
                if (client.getInputStream().read() != -1) {
                    open++;
                }
            } catch (SocketTimeoutException stillOpen) {
                open++;
            } catch (IOException reset) {
                // closed too
            }
        }
        return open;
    }

    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush(msg);
        }
    }
}
