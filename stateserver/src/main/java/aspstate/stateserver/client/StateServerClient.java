package aspstate.stateserver.client;

import aspstate.stateserver.SessionKeys;
import aspstate.transport.ClientConnections;
import aspstate.transport.IoTransport;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
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

/**
 * A Java client for the StateServer protocol, writing requests exactly as ASP.NET's client does. Every call
 * returns at once with a future; calls may be issued back to back without waiting (pipelining), and answers
 * complete in request order. One instance is one TCP connection; it is thread-safe.
 */
public final class StateServerClient implements AutoCloseable {
    /** Netty's default, which this client has always connected with. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final Channel channel;
    private final EventLoopGroup ownedGroup;
    /** " HTTP/1.1\r\nHost: name\r\n", the fixed part after every target. */
    private final byte[] hostLine;
    /** Futures of requests written and not yet answered, in write order. */
    private final AnswerQueue pending;

    private StateServerClient(Channel channel, EventLoopGroup ownedGroup, String host, AnswerQueue pending) {
        this.channel = channel;
        this.ownedGroup = ownedGroup;
        this.hostLine = ascii(" HTTP/1.1\r\nHost: " + host + "\r\n");
        this.pending = pending;
    }

    /** Connects with a private I/O thread, released by {@link #close()}. */
    public static StateServerClient connect(InetSocketAddress server) throws IOException {
        EventLoopGroup group = IoTransport.best().newGroup(1);
        try {
            return connect(server, group, group);
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /**
     * Connects on a shared event loop group, which the caller owns (for many connections, e.g. a load generator);
     * make it with {@link IoTransport#newGroup(int)} (of {@link IoTransport#best()}) to get a native transport.
     */
    public static StateServerClient connect(InetSocketAddress server, EventLoopGroup group) throws IOException {
        return connect(server, group, null);
    }

    private static StateServerClient connect(InetSocketAddress server, EventLoopGroup group, EventLoopGroup owned)
            throws IOException {
        AnswerQueue pending = new AnswerQueue();
        Channel channel = ClientConnections.connect(group, server, CONNECT_TIMEOUT,
                new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new StateResponseDecoder(), new ResponseHandler(pending));
                    }
                });
        return new StateServerClient(channel, owned, server.getHostString(), pending);
    }

    /** Get: the session's data without locking it. */
    public CompletableFuture<StateResponse> get(String key) {
        return send(request(GET, key).end());
    }

    /** GetExclusive: the session's data, locking it; the answer's lockCookie unlocks it. */
    public CompletableFuture<StateResponse> getExclusive(String key) {
        return send(request(GET, key).line(EXCLUSIVE_ACQUIRE).end());
    }

    public CompletableFuture<StateResponse> releaseExclusive(String key, int lockCookie) {
        return send(request(GET, key).line(EXCLUSIVE_RELEASE).header(LOCK_COOKIE, lockCookie).end());
    }

    /** Set: store data with the given timeout, releasing the lock the cookie holds (null: no LockCookie header). */
    public CompletableFuture<StateResponse> set(String key, byte[] data, int timeoutMinutes, Integer lockCookie) {
        return set(key, data, timeoutMinutes, lockCookie, false);
    }

    /**
     * Set with every option. {@code insertOnly} sends ExtraFlags:1: create the session only if it does not exist,
     * as ASP.NET does for a new session (with LockCookie:0).
     */
    public CompletableFuture<StateResponse> set(String key, byte[] data, int timeoutMinutes, Integer lockCookie,
                                                boolean insertOnly) {
        if (data.length == 0) {
            throw new IllegalArgumentException("a Set needs at least one byte of data (the protocol refuses empty PUTs)");
        }
        RequestWriter request = request(PUT, key, data.length).header(TIMEOUT, timeoutMinutes)
                .header(CONTENT_LENGTH, data.length);
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
    public CompletableFuture<StateResponse> remove(String key, Integer lockCookie) {
        RequestWriter request = request(DELETE, key);
        if (lockCookie != null) {
            request.header(LOCK_COOKIE, lockCookie);
        }
        return send(request.end());
    }

    /** ResetTimeout: push the session's expiry out again without reading it. */
    public CompletableFuture<StateResponse> resetTimeout(String key) {
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

    private CompletableFuture<StateResponse> send(ByteBuf request) {
        CompletableFuture<StateResponse> answer = new CompletableFuture<>();
        synchronized (pending) {
            if (!channel.isActive()) {
                request.release();
                return CompletableFuture.failedFuture(new ClosedChannelException());
            }
            // Enqueue and write under one lock: Netty runs writes in submission order, so the queue matches the wire.
            pending.add(answer);
            channel.writeAndFlush(request, channel.voidPromise());
        }
        return answer;
    }

    public boolean isOpen() {
        return channel.isActive();
    }

    /** Closes the connection; requests still unanswered fail with ClosedChannelException. */
    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        if (ownedGroup != null) {
            ownedGroup.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Answers awaited on one connection, oldest first. */
    private static final class AnswerQueue {
        private final ArrayDeque<CompletableFuture<StateResponse>> futures = new ArrayDeque<>();

        synchronized void add(CompletableFuture<StateResponse> future) {
            futures.add(future);
        }

        synchronized CompletableFuture<StateResponse> poll() {
            return futures.poll();
        }

        void failAll(Throwable error) {
            CompletableFuture<StateResponse> future;
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
    private static final int LONGEST_HEAD_LINES = DELETE.length + EXCLUSIVE_RELEASE.length + EXTRA_FLAGS_INSERT.length
            + LOCK_COOKIE.length + TIMEOUT.length + CONTENT_LENGTH.length + 3 * (LONGEST_NUMBER + CRLF.length)
            + CRLF.length;

    /** Writes a request head in the real client's spelling: numeric headers without a space after the colon. */
    private static final class RequestWriter {
        private final ByteBuf buf;

        RequestWriter(ByteBuf buf, byte[] verb, String key, byte[] hostLine) {
            this.buf = buf;
            buf.writeBytes(verb);
            SessionKeys.encode(key, buf);
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

    private static final class ResponseHandler extends SimpleChannelInboundHandler<StateResponse> {
        private final AnswerQueue pending;

        ResponseHandler(AnswerQueue pending) {
            this.pending = pending;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, StateResponse response) {
            CompletableFuture<StateResponse> future = pending.poll();
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
