package aspstate.admin;

import aspstate.core.Failures;
import aspstate.core.FatalErrors;
import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.transport.ConnectionFailures;
import aspstate.transport.OrderedReplies;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Turns each HTTP request (parsed by Netty's codec) into an {@link AdminRequest} for the routes and writes the
 * answers in request order, as HTTP/1.1 pipelining requires, each when it is ready ({@link OrderedReplies}). A
 * request that is not HTTP, or whose target cannot be read, gets a 400 before anything else is looked at; a route
 * that fails gets a 500 and one grouped log line, and the connection stays usable.
 */
final class AdminHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(AdminHttpHandler.class);
    private static final RepeatedEventLog MALFORMED = new RepeatedEventLog(LOG, Level.INFO);
    private static final RepeatedEventLog FAILED = new RepeatedEventLog(LOG, Level.ERROR);
    /** The dashboard loads nothing from elsewhere and is never framed by another site. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'";

    /** An answer and what of its request the response needs. */
    private record Reply(AdminResponse answer, HttpVersion version, boolean head, boolean keepAlive) {}

    private final AdminApi api;
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    private OrderedReplies<Reply> replies;
    /** An answer could not be written: the client is gone, and what it sent before it went is not answered. */
    private boolean gone;

    AdminHttpHandler(AdminApi api) {
        this.api = api;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        replies = new OrderedReplies<>(ctx, (reply, failure) -> write(ctx, reply));
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (replies.stopped() || gone) {
            return; // a response that closes the connection was written, or could not be: nothing more is answered
        }
        HttpVersion version = request.protocolVersion();
        boolean head = request.method().equals(HttpMethod.HEAD);
        if (request.decoderResult().isFailure()) {
            replies.add(CompletableFuture.completedFuture(
                    new Reply(malformed(ctx, "not an HTTP request"), version, head, false)));
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        AdminRequest adminRequest;
        try {
            adminRequest =
                    AdminRequest.of(request, (InetSocketAddress) ctx.channel().remoteAddress());
        } catch (AdminRequest.Malformed e) {
            replies.add(CompletableFuture.completedFuture(
                    new Reply(malformed(ctx, e.getMessage()), version, head, keepAlive)));
            return;
        }
        String uri = request.uri();
        CompletableFuture<AdminResponse> answer;
        try {
            answer = api.handle(adminRequest, closed);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        replies.add(answer.handle((response, failure) -> new Reply(
                response != null ? response : failed(adminRequest.method(), uri, failure), version, head, keepAlive)));
    }

    private static AdminResponse malformed(ChannelHandlerContext ctx, String why) {
        MALFORMED.occurred(
                "answered {} malformed admin request(s) with 400 (latest from {}: {})",
                ctx.channel().remoteAddress(),
                why);
        return AdminResponse.error(HttpResponseStatus.BAD_REQUEST, why);
    }

    /** A 503 for refused or stalled work; a 500 and a grouped line with the stack trace for a fault of ours. */
    private static AdminResponse failed(HttpMethod method, String uri, Throwable failure) {
        Throwable cause = Failures.cause(failure);
        FatalErrors.exitIfFatal(cause, "admin", uri);
        if (cause instanceof AdminWorkers.Busy) {
            return AdminResponse.busy();
        }
        if (cause instanceof SessionInspector.StoreNotAnswering) {
            return AdminResponse.error(HttpResponseStatus.SERVICE_UNAVAILABLE, "the store did not answer");
        }
        FAILED.occurred("admin: {} request(s) failed (latest {} {})", method, LogText.client(uri), cause);
        return AdminResponse.error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error; see the log");
    }

    /** Writes one answer (flushed by the caller); false when it closes the connection. */
    private boolean write(ChannelHandlerContext ctx, Reply reply) {
        AdminResponse answer = reply.answer();
        FullHttpResponse response = new DefaultFullHttpResponse(
                reply.version(),
                answer.status(),
                reply.head() ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(answer.body()));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff")
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        if (answer.status().equals(HttpResponseStatus.UNAUTHORIZED)) {
            response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"aspstate\"");
        }
        if (answer.retryAfterSeconds() > 0) {
            response.headers().setInt(HttpHeaderNames.RETRY_AFTER, answer.retryAfterSeconds());
        }
        if (reply.keepAlive()) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            // A client gone (reset) fails the answers waiting to go out: the connection is closed then, and the
            // requests it sent before it went, which may still be read, are not answered into the void.
            ctx.write(response).addListener(written -> {
                if (!written.isSuccess()) {
                    gone = true;
                    ctx.close();
                }
            });
            return true;
        }
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.write(response).addListener(ChannelFutureListener.CLOSE);
        return false;
    }

    /** Once per read batch (and after held requests run): the answers ready by now go out in one write. */
    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
        ctx.fireChannelReadComplete();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed.complete(null);
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ConnectionFailures.close(ctx, cause, "admin", failure -> false);
    }
}
