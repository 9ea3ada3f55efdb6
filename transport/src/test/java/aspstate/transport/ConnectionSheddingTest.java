package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A full listener on real sockets: a new client takes the place of the connection furthest behind the minimum
 * request rate (a client that trickles its request, or connects and sends nothing), and is refused when every
 * connection keeps up.
 */
@Timeout(60)
class ConnectionSheddingTest {
    private static final InetAddress STALLER = address("127.0.0.2");
    private static final InetAddress NEWCOMER = address("127.0.0.3");

    private final List<Socket> sockets = new ArrayList<>();
    private TcpListener listener;
    private ConnectionStatistics statistics;

    @AfterEach
    void close() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        if (listener != null) {
            listener.close();
        }
    }

    @Test
    void aClientThatTricklesItsRequestIsShedToMakeRoomForANewOne() throws Exception {
        start(ConnectionLimits.defaults().withMaxConnections(4, 4));
        List<Socket> stallers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            stallers.add(send(connect(STALLER), "a request that never ends"));
        }
        awaitOpen(4);
        Await.until("a new client is answered in place of a staller", () -> answered(NEWCOMER));
        assertThat(stallers).filteredOn(ConnectionSheddingTest::closedByServer).hasSize(1);
        assertThat(statistics.refused(ConnectionStatistics.Refusal.SHED_BELOW_MIN_RATE))
                .isEqualTo(1);
    }

    @Test
    void aConnectionThatSendsNothingIsBehindFromItsFirstMoment() throws Exception {
        start(ConnectionLimits.defaults().withMaxConnections(10, 2));
        Socket silent = connect(STALLER);
        // Admitted before the trickler connects: each connection's clock starts when its loop admits it, and two
        // loops need not admit in the order the clients connected.
        awaitOpen(1);
        Socket trickler = send(connect(STALLER), "x");
        awaitOpen(2);
        Await.until("a client from the same address is answered in place of the silent one", () -> answered(STALLER));
        assertThat(closedByServer(silent))
                .as("the silent one, accepted first, is furthest behind")
                .isTrue();
        assertThat(closedByServer(trickler)).isFalse();
        assertThat(statistics.refused(ConnectionStatistics.Refusal.SHED_BELOW_MIN_RATE))
                .isEqualTo(1);
    }

    @Test
    void connectionsBetweenRequestsAreNotShedAndTheNewOneIsRefused() throws Exception {
        start(ConnectionLimits.defaults().withMaxConnections(3, 3));
        List<Socket> keepingUp = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket client = connect(STALLER);
            assertThat(request(client)).isEqualTo("ok");
            keepingUp.add(client);
        }
        Socket refused = connect(NEWCOMER);
        assertThat(closedByServer(refused)).isTrue();
        for (Socket client : keepingUp) {
            assertThat(request(client)).isEqualTo("ok");
        }
        assertThat(statistics.refused(ConnectionStatistics.Refusal.MAX_CONNECTIONS))
                .isEqualTo(1);
        assertThat(statistics.refused(ConnectionStatistics.Refusal.SHED_BELOW_MIN_RATE))
                .isZero();
    }

    @Test
    void withAMinimumRateOfZeroNothingIsShed() throws Exception {
        start(ConnectionLimits.defaults().withMaxConnections(2, 2).withMinRequestRate(0));
        Socket staller = send(connect(STALLER), "never ends");
        Socket other = send(connect(STALLER), "never ends");
        awaitOpen(2);
        assertThat(closedByServer(connect(NEWCOMER))).isTrue();
        assertThat(closedByServer(staller)).isFalse();
        assertThat(closedByServer(other)).isFalse();
    }

    private void start(ConnectionLimits limits) throws InterruptedException {
        statistics = new ConnectionStatistics("test");
        listener = TcpListener.start(null, statistics, InetAddress.getLoopbackAddress(), 0, false, limits, ch -> {
            LineDecoder decoder = new LineDecoder();
            ch.pipeline().addLast(new RequestDeadline(limits.requestTimeout(), decoder), decoder, new Answer());
        });
    }

    /** A client's connect returns before the listener has admitted the connection. */
    private void awaitOpen(int connections) {
        Await.until(connections + " connections admitted", () -> statistics.open() == connections);
    }

    private Socket connect(InetAddress from) throws IOException {
        Socket socket = new Socket();
        sockets.add(socket);
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(listener.address(), 5_000);
        return socket;
    }

    private static Socket send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** One request and its answer on a connection of its own; false if the listener closed it instead. */
    private boolean answered(InetAddress from) {
        try {
            return request(connect(from)).equals("ok");
        } catch (IOException e) {
            return false;
        }
    }

    private static String request(Socket socket) throws IOException {
        send(socket, "request\n");
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            answer.append((char) b);
        }
        return answer.toString();
    }

    /** Whether the server has closed the connection (within a short wait; a connection it keeps stays silent). */
    private static boolean closedByServer(Socket socket) {
        try {
            socket.setSoTimeout(500);
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static InetAddress address(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Requests are lines. */
    private static final class LineDecoder extends ByteToMessageDecoder implements RequestFraming {
        private long framed;

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
            int end;
            while ((end = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n')) >= 0) {
                out.add(in.readRetainedSlice(end - in.readerIndex() + 1));
                framed++;
            }
        }

        @Override
        public boolean midRequest() {
            return internalBuffer().isReadable();
        }

        @Override
        public long requestsFramed() {
            return framed;
        }
    }

    private static final class Answer extends SimpleChannelInboundHandler<ByteBuf> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf request) {
            ctx.writeAndFlush(Unpooled.copiedBuffer("ok\n", StandardCharsets.US_ASCII));
        }
    }
}
