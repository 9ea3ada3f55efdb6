package aspstate.tds.client;

import aspstate.tds.error.SqlError;
import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsMessage;
import aspstate.tds.packet.TdsPacketDecoder;
import aspstate.tds.packet.TdsPacketWriter;
import aspstate.transport.ClientConnections;
import aspstate.transport.InboundBudget;
import aspstate.transport.IoTransport;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A TDS client for stored-procedure calls, writing them as .NET's SqlClient does for
 * {@code CommandType.StoredProcedure} ({@link RpcCall}): the load generator drives the SQL Server mode with it, as
 * ASP.NET's SqlSessionStateStore would. It logs in with SQL authentication and without TLS, so it is for loopback.
 *
 * <p>One instance is one connection. TDS carries one request at a time, so a call made while another is unanswered
 * waits its turn; answers complete in call order, on the connection's I/O thread. Thread-safe.
 */
public final class TdsClient implements AutoCloseable {
    /** What SqlClient asks for; the server may answer with another size, which this client then writes. */
    private static final int PACKET_SIZE = 8000;
    /** The largest reply this client reads: far above any session item, so only a broken server reaches it. */
    private static final int MAX_REPLY_BYTES = 64 << 20;

    private static final int SMALLEST_PACKET_PAYLOAD = 512 - TdsPacketDecoder.HEADER_BYTES;

    private final Channel channel;
    private final Exchanges exchanges;

    private TdsClient(Channel channel, Exchanges exchanges) {
        this.channel = channel;
        this.exchanges = exchanges;
    }

    /**
     * Connects and logs in, waiting at most {@code timeout} for the two together. The caller owns {@code group}; a native
     * transport's group ({@link IoTransport#newGroup(int)}) gets its channels.
     */
    public static TdsClient connect(
            InetSocketAddress server, EventLoopGroup group, String user, String password, Duration timeout)
            throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exchanges exchanges = new Exchanges(new TdsPacketWriter(0, PACKET_SIZE));
        Channel channel = ClientConnections.connect(group, server, timeout, new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline()
                        .addLast(
                                new TdsPacketDecoder(
                                        MAX_REPLY_BYTES,
                                        MAX_REPLY_BYTES / SMALLEST_PACKET_PAYLOAD + 1,
                                        InboundBudget.unshared(MAX_REPLY_BYTES)),
                                exchanges);
            }
        });
        TdsClient client = new TdsClient(channel, exchanges);
        try {
            await(
                    client.exchange(PacketType.PRELOGIN, LoginMessages::prelogin, LoginMessages::checkPrelogin),
                    deadline,
                    server);
            await(
                    client.exchange(
                            PacketType.LOGIN7,
                            out -> LoginMessages.login7(out, user, password, PACKET_SIZE),
                            reply -> client.loggedIn(reply, user)),
                    deadline,
                    server);
            return client;
        } catch (IOException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private Void loggedIn(ByteBuf reply, String user) {
        ReplyReader read = ReplyReader.read(reply);
        if (read.error() != null || !read.loginAcknowledged()) {
            throw new IllegalStateException("login as " + user + " refused: "
                    + (read.error() == null ? "no LOGINACK" : read.error().message()));
        }
        if (read.packetSize() > 0) {
            exchanges.writer.packetSize(read.packetSize());
        }
        return null;
    }

    private static void await(CompletableFuture<?> step, long deadline, InetSocketAddress server) throws IOException {
        try {
            step.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while logging in to " + server, e);
        } catch (TimeoutException e) {
            throw new IOException("no login answer from " + server + " in time", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException(
                    "login to " + server + " failed: "
                            + (cause.getMessage() != null
                                    ? cause.getMessage()
                                    : cause.getClass().getSimpleName()),
                    cause);
        }
    }

    /**
     * Calls a procedure. The answer fails with {@link TdsServerError} when the server reports an error, with
     * {@link ClosedChannelException} when the connection is gone.
     */
    public CompletableFuture<RpcReply> call(RpcCall call) {
        return exchange(
                PacketType.RPC,
                out -> {
                    writeAllHeaders(out);
                    call.writeTo(out);
                },
                reply -> {
                    ReplyReader read = ReplyReader.read(reply);
                    SqlError error = read.error();
                    if (error != null) {
                        throw new TdsServerError(call.procedure(), error);
                    }
                    return read.rpcReply();
                });
    }

    /**
     * ALL_HEADERS ([MS-TDS] 2.2.5.3), required on RPC since TDS 7.2: the transaction descriptor header, outside any
     * transaction (descriptor 0), with one outstanding request.
     */
    private static void writeAllHeaders(ByteBuf out) {
        out.writeIntLE(22).writeIntLE(18).writeShortLE(2).writeLongLE(0).writeIntLE(1);
    }

    private <T> CompletableFuture<T> exchange(int type, Consumer<ByteBuf> request, ReplyParser<T> reader) {
        Exchange<T> exchange = new Exchange<>(type, request, reader);
        try {
            channel.eventLoop().execute(() -> exchanges.submit(channel, exchange));
        } catch (RejectedExecutionException e) {
            // The I/O thread is gone (its group was shut down): the call fails as on a closed connection.
            exchange.answer.completeExceptionally(new ClosedChannelException());
        }
        return exchange.answer;
    }

    public boolean isOpen() {
        return channel.isActive();
    }

    /** Closes the connection; calls still unanswered fail with ClosedChannelException. */
    @Override
    public void close() {
        channel.close().syncUninterruptibly();
    }

    /** Reads a reply, which stays owned by the caller; what it throws fails the call. */
    private interface ReplyParser<T> {
        T read(ByteBuf reply) throws Exception;
    }

    /** One request and its answer. */
    private static final class Exchange<T> {
        final int type;
        final Consumer<ByteBuf> request;
        final ReplyParser<T> reader;
        final CompletableFuture<T> answer = new CompletableFuture<>();

        Exchange(int type, Consumer<ByteBuf> request, ReplyParser<T> reader) {
            this.type = type;
            this.request = request;
            this.reader = reader;
        }

        void answer(ByteBuf reply) {
            try {
                answer.complete(reader.read(reply));
            } catch (Exception e) {
                answer.completeExceptionally(e);
            }
        }
    }

    /**
     * The connection's requests, one on the wire at a time: each is written when the one before it is answered.
     * Touched only on the connection's event loop.
     */
    private static final class Exchanges extends ChannelInboundHandlerAdapter {
        final TdsPacketWriter writer;
        private final ArrayDeque<Exchange<?>> waiting = new ArrayDeque<>();
        private Exchange<?> onTheWire;

        Exchanges(TdsPacketWriter writer) {
            this.writer = writer;
        }

        void submit(Channel channel, Exchange<?> exchange) {
            if (!channel.isActive()) {
                exchange.answer.completeExceptionally(new ClosedChannelException());
                return;
            }
            waiting.add(exchange);
            writeNext(channel);
        }

        private void writeNext(Channel channel) {
            if (onTheWire != null || waiting.isEmpty()) {
                return;
            }
            onTheWire = waiting.poll();
            ByteBuf message = channel.alloc().buffer();
            try {
                onTheWire.request.accept(message);
            } catch (RuntimeException e) {
                message.release();
                onTheWire.answer.completeExceptionally(e);
                onTheWire = null;
                writeNext(channel);
                return;
            }
            channel.writeAndFlush(writer.packets(channel.alloc(), message, onTheWire.type), channel.voidPromise());
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            ByteBuf reply = ((TdsMessage) message).payload();
            try {
                Exchange<?> answered = onTheWire;
                if (answered == null) {
                    exceptionCaught(ctx, new IllegalStateException("the server sent a reply nobody asked for"));
                    return;
                }
                onTheWire = null;
                answered.answer(reply);
            } finally {
                reply.release();
            }
            writeNext(ctx.channel());
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            ClosedChannelException gone = new ClosedChannelException();
            if (onTheWire != null) {
                onTheWire.answer.completeExceptionally(gone);
                onTheWire = null;
            }
            Exchange<?> exchange;
            while ((exchange = waiting.poll()) != null) {
                exchange.answer.completeExceptionally(gone);
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (onTheWire != null) {
                onTheWire.answer.completeExceptionally(cause);
                onTheWire = null;
            }
            ctx.close();
        }
    }
}
