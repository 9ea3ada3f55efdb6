package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringBufferRingExhaustedEvent;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.util.concurrent.EventExecutor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReadBufferRingTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void onlyWhereTheKernelHasBufferRings() {
        assumeTrue(
                IoTransport.IO_URING.isAvailable() && IoUring.isRegisterBufferRingSupported(),
                "io_uring with buffer rings (Linux 5.19 or later)");
    }

    @AfterEach
    void close() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @Test
    void connectionsOnTheTransportsLoopsReadFromTheRingOnBothSides() throws Exception {
        CompletableFuture<Channel> accepted = new CompletableFuture<>();
        TcpListener listener =
                echo(ServerEventLoops.perCpu(IoTransport.IO_URING), accepted::complete, new AtomicInteger());
        Channel client = connect(clientLoops(IoTransport.IO_URING.newGroup(1)), listener, new CompletableFuture<>(), 0);
        Channel server = accepted.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);

        assertThat(client.config().getOption(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID))
                .isEqualTo((short) 0);
        assertThat(server.config().getOption(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID))
                .isEqualTo((short) 0);
    }

    @Test
    void loopsMadeElsewhereAreLeftToReadAsTheyDo() throws Exception {
        TcpListener listener = echo(ServerEventLoops.perCpu(IoTransport.IO_URING), channel -> {}, new AtomicInteger());
        EventLoopGroup theirs = clientLoops(new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory()));
        byte[] message = randomBytes(20_000, 1);
        CompletableFuture<byte[]> echoed = new CompletableFuture<>();

        Channel client = connect(theirs, listener, echoed, message.length);
        client.writeAndFlush(Unpooled.wrappedBuffer(message));

        assertThat(client.config().getOption(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID))
                .as("no ring named that their loops do not have")
                .isEqualTo((short) -1);
        assertThat(echoed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(message);
    }

    /**
     * The server's loops are held while 256 clients each send 128 KiB (four thousand buffers' worth): once let go,
     * the kernel finds the rings empty again and again. Every byte still arrives, in order, on both sides.
     */
    @Test
    void moreArrivingAtOnceThanTheRingHoldsIsReadWhole() throws Exception {
        ServerEventLoops loops = ServerEventLoops.perCpu(IoTransport.IO_URING);
        AtomicInteger exhausted = new AtomicInteger();
        TcpListener listener = echo(loops, channel -> {}, exhausted);
        EventLoopGroup clients = clientLoops(IoTransport.IO_URING.newGroup(1));

        CountDownLatch sent = new CountDownLatch(1);
        for (EventExecutor loop : loops.workers()) {
            loop.execute(() -> {
                try {
                    sent.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS); // bounded, should the test fail before
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        List<byte[]> messages = new ArrayList<>();
        List<CompletableFuture<byte[]>> echoes = new ArrayList<>();
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        try {
            for (int i = 0; i < 256; i++) {
                byte[] message = randomBytes(128 * 1024, i);
                CompletableFuture<byte[]> echoed = new CompletableFuture<>();
                Channel client = connect(clients, listener, echoed, message.length);
                CompletableFuture<Void> written = new CompletableFuture<>();
                client.writeAndFlush(Unpooled.wrappedBuffer(message)).addListener(f -> written.complete(null));
                messages.add(message);
                echoes.add(echoed);
                writes.add(written);
            }
            CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new))
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } finally {
            sent.countDown();
        }

        for (int i = 0; i < messages.size(); i++) {
            assertThat(echoes.get(i).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
                    .as("client %d", i)
                    .isEqualTo(messages.get(i));
        }
        assertThat(exhausted)
                .as("times a server connection found its loop's ring empty at its largest")
                .hasPositiveValue();
    }

    /** A listener on {@code loops} that sends back what it reads, counting the times a ring ran out. */
    private TcpListener echo(ServerEventLoops loops, Consumer<Channel> accepted, AtomicInteger exhausted)
            throws InterruptedException {
        opened.add(loops);
        TcpListener listener = TcpListener.start(
                loops,
                new ConnectionStatistics("echo"),
                InetAddress.getLoopbackAddress(),
                0,
                false,
                ConnectionLimits.defaults(),
                channel -> {
                    accepted.accept(channel);
                    channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ctx.write(msg);
                        }

                        @Override
                        public void channelReadComplete(ChannelHandlerContext ctx) {
                            ctx.flush();
                        }

                        @Override
                        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                            if (evt instanceof IoUringBufferRingExhaustedEvent) {
                                exhausted.incrementAndGet();
                            }
                            ctx.fireUserEventTriggered(evt);
                        }
                    });
                });
        opened.add(listener);
        return listener;
    }

    /** Shuts {@code group} down after the test, once its connections are closed. */
    private EventLoopGroup clientLoops(EventLoopGroup group) {
        opened.add(() -> group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly());
        return group;
    }

    /** A client on {@code group} that completes {@code echoed} once {@code length} bytes have come back. */
    private Channel connect(EventLoopGroup group, TcpListener listener, CompletableFuture<byte[]> echoed, int length)
            throws Exception {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        Channel channel =
                ClientConnections.connect(group, listener.address(), TIMEOUT, new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ByteBuf bytes = (ByteBuf) msg;
                        try {
                            bytes.readBytes(received, bytes.readableBytes());
                        } catch (IOException e) {
                            echoed.completeExceptionally(e);
                        } finally {
                            bytes.release();
                        }
                        if (received.size() >= length) {
                            echoed.complete(received.toByteArray());
                        }
                    }
                });
        opened.add(() -> channel.close().syncUninterruptibly());
        return channel;
    }

    private static byte[] randomBytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
