package aspstate.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One TCP connection speaking the StateServer protocol, writing requests exactly as ASP.NET's client does, and
 * answering each with the response as it came. Every call returns at once with a future; calls may be issued back to
 * back without waiting (pipelining), and answers complete in request order. Thread-safe.
 *
 * <p>This is the protocol level, for tools and load generators. Applications use {@link SessionStateClient}, which
 * pools these connections, fails over between servers, applies timeouts and turns statuses into results.
 */
public final class StateServerConnection implements AutoCloseable {
    /** Netty's default, which this connection has always connected with. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final Channel channel;
    private final EventLoopGroup ownedGroup;
    /** " HTTP/1.1\r\nHost: name\r\n", the fixed part after every target. */
    private final byte[] hostLine;
    /** Futures of requests written and not yet answered, in write order. */
    private final AnswerQueue pending;

    private StateServerConnection(Channel channel, EventLoopGroup ownedGroup, String host, AnswerQueue pending) {
        this.channel = channel;
        this.ownedGroup = ownedGroup;
        this.hostLine = ascii(" HTTP/1.1\r\nHost: " + host + "\r\n");
        this.pending = pending;
    }

    /** Connects with a private I/O thread (Netty's NIO transport), released by {@link #close()}. */
    public static StateServerConnection connect(InetSocketAddress server) throws IOException {
        EventLoopGroup group = Connector.newNioGroup(1);
        try {
            return connect(
                    server, Connector.nio(group), CONNECT_TIMEOUT, StateResponseDecoder.DEFAULT_MAX_BODY_BYTES, group);
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /**
     * Connects through {@code connector}, whose event loops the caller owns (for many connections, e.g. a load
     * generator on a native transport).
     */
    public static StateServerConnection connect(InetSocketAddress server, Connector connector, Duration connectTimeout)
            throws IOException {
        return connect(server, connector, connectTimeout, StateResponseDecoder.DEFAULT_MAX_BODY_BYTES);
    }

    /** The same, taking answers whose session is at most {@code maxResponseBytes} long. */
    static StateServerConnection connect(
            InetSocketAddress server, Connector connector, Duration connectTimeout, long maxResponseBytes)
            throws IOException {
        return connect(server, connector, connectTimeout, maxResponseBytes, null);
    }

    private static StateServerConnection connect(
            InetSocketAddress server,
            Connector connector,
            Duration connectTimeout,
            long maxResponseBytes,
            EventLoopGroup owned)
            throws IOException {
        AnswerQueue pending = new AnswerQueue();
        Channel channel = connector.connect(server, connectTimeout, new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new StateResponseDecoder(maxResponseBytes), new ResponseHandler(pending));
            }
        });
        return new StateServerConnection(channel, owned, server.getHostString(), pending);
    }

    /** Get: the session's data without locking it. */
    public CompletableFuture<StateServerResponse> get(String key) {
        return send(request(GET, key).end());
    }

    /** GetExclusive: the session's data, locking it; the answer's lockCookie unlocks it. */
    public CompletableFuture<StateServerResponse> getExclusive(String key) {
        return send(request(GET, key).line(EXCLUSIVE_ACQUIRE).end());
    }

    public CompletableFuture<StateServerResponse> releaseExclusive(String key, int lockCookie) {
        return send(request(GET, key)
                .line(EXCLUSIVE_RELEASE)
                .header(LOCK_COOKIE, lockCookie)
                .end());
    }

    /** Set: store data with the given timeout, releasing the lock the cookie holds (null: no LockCookie header). */
    public CompletableFuture<StateServerResponse> set(String key, byte[] data, int timeoutMinutes, Integer lockCookie) {
        return set(key, data, timeoutMinutes, lockCookie, false);
    }

    /**
     * Set with every option. {@code insertOnly} sends ExtraFlags:1: create the session only if it does not exist,
     * as ASP.NET does for a new session (with LockCookie:0).
     */
    public CompletableFuture<StateServerResponse> set(
            String key, byte[] data, int timeoutMinutes, Integer lockCookie, boolean insertOnly) {
        if (data.length == 0) {
            throw new IllegalArgumentException(
                    "a Set needs at least one byte of data (the protocol refuses empty PUTs)");
        }
        RequestWriter request =
                request(PUT, key, data.length).header(TIMEOUT, timeoutMinutes).header(CONTENT_LENGTH, data.length);
        if (insertOnly) {
            request.line(EXTRA_FLAGS_INSERT);
        }
        if (lockCookie != null) {
            request.header(LOCK_COOKIE, lockCookie);
        }
        // One buffer for head and body: a transport writing from native memory would otherwise copy both into one.
        return send(request.end().writeBytes(data));
    }

    /** Remove: delete the session; a locked session needs its cookie (null: no LockCookie header). */
    public CompletableFuture<StateServerResponse> remove(String key, Integer lockCookie) {
        RequestWriter request = request(DELETE, key);
        if (lockCookie != null) {
            request.header(LOCK_COOKIE, lockCookie);
        }
        return send(request.end());
    }

    /** ResetTimeout: push the session's expiry out again without reading it. */
    public CompletableFuture<StateServerResponse> resetTimeout(String key) {
        return send(request(HEAD, key).end());
    }

    private RequestWriter request(byte[] verb, String key) {
        return request(verb, key, 0);
    }

    /**
     * A request with room for its head and a body of {@code bodyBytes}, so that its buffer does not grow (unless the
     * key has characters beyond U+00FF, which go out as escaped UTF-8: up to nine bytes each).
     */
    private RequestWriter request(byte[] verb, String key, int bodyBytes) {
        int capacity = LONGEST_HEAD_LINES + hostLine.length + key.length() * 3 + bodyBytes;
        return new RequestWriter(channel.alloc().buffer(capacity), verb, key, hostLine);
    }

    private CompletableFuture<StateServerResponse> send(ByteBuf request) {
        CompletableFuture<StateServerResponse> answer = new CompletableFuture<>();
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            write(request, answer);
            return answer;
        }
        try {
            loop.execute(() -> write(request, answer));
        } catch (RejectedExecutionException e) {
            request.release();
            answer.completeExceptionally(new UnsentRequestException("the connection's I/O thread has stopped"));
        }
        return answer;
    }

    /**
     * Writes {@code request} on the connection's I/O thread, which mostly reads what arrived before it runs the
     * tasks queued meanwhile: a connection the server has closed (restarted, killed, or its idle timeout) is then
     * seen closed here, and the request fails as never sent ({@link UnsentRequestException}) rather than as lost in
     * flight. A close that arrives while the thread runs its tasks, or a call made on that thread itself, can still
     * find the connection open: that request is lost in flight.
     */
    private void write(ByteBuf request, CompletableFuture<StateServerResponse> answer) {
        if (!channel.isActive()) {
            request.release();
            answer.completeExceptionally(new UnsentRequestException("the connection was closed before the request"));
            return;
        }
        // Netty writes in submission order, all on this thread: the queue matches the wire.
        pending.add(answer);
        channel.writeAndFlush(request, channel.voidPromise());
    }

    public boolean isOpen() {
        return channel.isActive();
    }

    /** Completes when the connection has closed, for whatever reason. */
    io.netty.util.concurrent.Future<Void> closeFuture() {
        return channel.closeFuture();
    }

    /** The I/O thread of this connection, where its answers complete: timers for its requests run there. */
    io.netty.channel.EventLoop eventLoop() {
        return channel.eventLoop();
    }

    /** Closes the connection without waiting: requests still unanswered fail with ClosedChannelException. */
    void closeNow() {
        channel.close();
    }

    /** Closes the connection; requests still unanswered fail with ClosedChannelException. */
    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        if (ownedGroup != null) {
            ownedGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Answers awaited on one connection, oldest first. */
    private static final class AnswerQueue {
        private final ArrayDeque<CompletableFuture<StateServerResponse>> futures = new ArrayDeque<>();

        synchronized void add(CompletableFuture<StateServerResponse> future) {
            futures.add(future);
        }

        synchronized CompletableFuture<StateServerResponse> poll() {
            return futures.poll();
        }

        void failAll(Throwable error) {
            CompletableFuture<StateServerResponse> future;
            while ((future = poll()) != null) {
                future.completeExceptionally(error);
            }
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static final byte[] GET = ascii("GET ");
    private static final byte[] PUT = ascii("PUT ");
    private static final byte[] DELETE = ascii("DELETE ");
    private static final byte[] HEAD = ascii("HEAD ");
    private static final byte[] EXCLUSIVE_ACQUIRE = ascii("Exclusive: acquire\r\n");
    private static final byte[] EXCLUSIVE_RELEASE = ascii("Exclusive: release\r\n");
    private static final byte[] EXTRA_FLAGS_INSERT = ascii("ExtraFlags:1\r\n");
    private static final byte[] LOCK_COOKIE = ascii("LockCookie:");
    private static final byte[] TIMEOUT = ascii("Timeout:");
    private static final byte[] CONTENT_LENGTH = ascii("Content-Length:");
    private static final byte[] CRLF = ascii("\r\n");
    /** "-2147483648": the longest value a numeric header carries. */
    private static final int LONGEST_NUMBER = 11;
    /**
     * The verb and the header lines besides Host, at their longest: "DELETE ", an Exclusive line, ExtraFlags, the
     * three numeric headers and the closing CRLF.
     */
    private static final int LONGEST_HEAD_LINES = DELETE.length
            + EXCLUSIVE_RELEASE.length
            + EXTRA_FLAGS_INSERT.length
            + LOCK_COOKIE.length
            + TIMEOUT.length
            + CONTENT_LENGTH.length
            + 3 * (LONGEST_NUMBER + CRLF.length)
            + CRLF.length;

    /** Writes a request head in the real client's spelling: numeric headers without a space after the colon. */
    private static final class RequestWriter {
        private final ByteBuf buf;

        RequestWriter(ByteBuf buf, byte[] verb, String key, byte[] hostLine) {
            this.buf = buf;
            buf.writeBytes(verb);
            RequestTargets.encode(key, buf);
            buf.writeBytes(hostLine);
        }

        RequestWriter line(byte[] line) {
            buf.writeBytes(line);
            return this;
        }

        RequestWriter header(byte[] nameAndColon, long value) {
            buf.writeBytes(nameAndColon);
            buf.writeCharSequence(Long.toString(value), StandardCharsets.US_ASCII);
            buf.writeBytes(CRLF);
            return this;
        }

        ByteBuf end() {
            return buf.writeBytes(CRLF);
        }
    }

    private static final class ResponseHandler extends SimpleChannelInboundHandler<StateServerResponse> {
        private final AnswerQueue pending;

        ResponseHandler(AnswerQueue pending) {
            this.pending = pending;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, StateServerResponse response) {
            CompletableFuture<StateServerResponse> future = pending.poll();
            if (future == null) {
                ctx.close(); // an answer nobody asked for: the stream is out of step
                return;
            }
            future.complete(response);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            pending.failAll(new ClosedChannelException());
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            pending.failAll(cause);
            ctx.close();
        }
    }
}
