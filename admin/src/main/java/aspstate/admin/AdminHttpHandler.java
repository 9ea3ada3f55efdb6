package aspstate.admin;

import aspstate.core.LogText;
import aspstate.transport.ConnectionFailures;
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
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns each HTTP request (parsed by Netty's codec) into an {@link AdminRequest} for the routes and writes the answer.
 * A request Netty could not parse gets a 400 and the connection is closed; a route that fails gets a 500 and one log
 * line, and the connection stays usable.
 */
final class AdminHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(AdminHttpHandler.class);
    /** The dashboard loads nothing from elsewhere and is never framed by another site. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'";

    private final AdminApi api;

    AdminHttpHandler(AdminApi api) {
        this.api = api;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            respond(ctx, request, AdminResponse.error(HttpResponseStatus.BAD_REQUEST, "not an HTTP request"), false);
            return;
        }
        respond(ctx, request, answer(ctx, request), HttpUtil.isKeepAlive(request));
    }

    private AdminResponse answer(ChannelHandlerContext ctx, FullHttpRequest request) {
        try {
            return api.handle(toAdminRequest(ctx, request));
        } catch (SessionInspector.StoreNotAnswering e) {
            return AdminResponse.error(HttpResponseStatus.SERVICE_UNAVAILABLE, "the store did not answer");
        } catch (RuntimeException e) {
            LOG.error("admin: {} {} failed", request.method(), LogText.client(request.uri()), e);
            return AdminResponse.error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error; see the log");
        }
    }

    private static AdminRequest toAdminRequest(ChannelHandlerContext ctx, FullHttpRequest request) {
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        List<String> path = new ArrayList<>();
        // Split before decoding, so that an id holding '/' (as %2F) stays one segment.
        for (String segment : uri.rawPath().split("/")) {
            if (!segment.isEmpty()) {
                path.add(QueryStringDecoder.decodeComponent(segment));
            }
        }
        return new AdminRequest(request.method(), List.copyOf(path), uri.parameters(),
                request.headers().get(HttpHeaderNames.AUTHORIZATION), request.headers().get("X-Requested-By"),
                request.headers().get(HttpHeaderNames.HOST), (InetSocketAddress) ctx.channel().remoteAddress());
    }

    private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, AdminResponse answer,
                                boolean keepAlive) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), answer.status(),
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(answer.body()));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff")
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        if (answer.status().equals(HttpResponseStatus.UNAUTHORIZED)) {
            response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"aspstate\"");
        }
        if (keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response, ctx.voidPromise());
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
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
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ConnectionFailures.close(ctx, cause, "admin", failure -> false);
    }
}
