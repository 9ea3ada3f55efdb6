package aspstate.tds;

import aspstate.tds.login.Encryption;
import aspstate.tds.login.LoginRequest;
import aspstate.tds.login.LoginResponse;
import aspstate.tds.login.PreloginRequest;
import aspstate.tds.login.PreloginResponse;
import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsMessage;
import aspstate.tds.packet.TdsPacketWriter;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.request.RpcRequest;
import aspstate.tds.request.SqlBatchRequest;
import aspstate.tds.rpc.RpcResponder;
import aspstate.tds.token.DoneToken;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Acts on the messages of one connection: PRELOGIN, then LOGIN7, then requests ([MS-TDS] 3.3.5: the server's
 * states). Answers are written as they are made and flushed once per read, so pipelined requests cost one system
 * call; after login they go through {@link OrderedReplies}, since a procedure call may complete after requests
 * that follow it. A message that breaks the protocol closes the connection; a request the server cannot run is
 * answered with an error and the connection stays usable.
 */
final class TdsConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(TdsConnectionHandler.class);
    /** SQL Server's database when a login names none. */
    private static final String DEFAULT_DATABASE = "master";

    private enum Phase { PRELOGIN, LOGIN, LOGGED_IN, CLOSING }

    private final TdsSettings settings;
    private final ProcedureCatalog catalog;
    private final LoginListener loginListener;
    private final TdsPacketWriter writer;
    private Phase phase = Phase.PRELOGIN;
    private TdsSession session;
    private RpcResponder rpcResponder;
    private OrderedReplies replies;

    TdsConnectionHandler(TdsSettings settings, ProcedureCatalog catalog, LoginListener loginListener, int spid) {
        this.settings = settings;
        this.catalog = catalog;
        this.loginListener = loginListener;
        this.writer = new TdsPacketWriter(spid, TdsSettings.INITIAL_PACKET_SIZE);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        replies = new OrderedReplies(ctx, tokens -> writer.packets(ctx.alloc(), tokens));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        TdsMessage message = (TdsMessage) msg;
        try {
            if (phase != Phase.CLOSING) {
                dispatch(ctx, message);
            }
        } finally {
            message.payload().release();
        }
    }

    private void dispatch(ChannelHandlerContext ctx, TdsMessage message) {
        switch (message.type()) {
            case PacketType.PRELOGIN -> {
                expect(Phase.PRELOGIN, "PRELOGIN");
                prelogin(ctx, PreloginRequest.parse(message.payload()));
            }
            case PacketType.LOGIN7 -> {
                // Clients speaking TDS 7.1 (jTDS) skip PRELOGIN.
                if (phase == Phase.LOGGED_IN) {
                    throw new TdsProtocolException("LOGIN7 on a connection already logged in");
                }
                login(ctx, LoginRequest.parse(message.payload()));
            }
            case PacketType.SQL_BATCH -> {
                expect(Phase.LOGGED_IN, "SQL batch");
                SqlBatchRequest batch = SqlBatchRequest.parse(message.payload(), session.login().sendsAllHeaders());
                replyInOrder(ctx, out -> SqlBatchResponder.respond(batch.text(), session, catalog, out));
            }
            case PacketType.RPC -> {
                expect(Phase.LOGGED_IN, "RPC");
                List<RpcRequest> calls = RpcRequest.parseAll(message.payload(), session.login().sendsAllHeaders());
                ByteBuf tokens = ctx.alloc().buffer();
                CompletionStage<Void> written;
                try {
                    written = rpcResponder.respond(calls, tokens);
                } catch (RuntimeException e) {
                    tokens.release();
                    throw e;
                }
                replies.add(tokens, written);
            }
            case PacketType.ATTENTION -> {
                expect(Phase.LOGGED_IN, "ATTENTION");
                // Procedures are not cancelled once started, so the acknowledgement follows their replies; the
                // client reads until it ([MS-TDS] 2.2.2.9, 3.3.5.9).
                replyInOrder(ctx, out -> DoneToken.write(out, DoneToken.DONE, DoneToken.ATTENTION, 0, 0));
            }
            // [MS-TDS] 2.2.3.1.1: a receiver should disconnect on a message type it does not expect.
            default -> throw new TdsProtocolException("unsupported message type 0x"
                    + Integer.toHexString(message.type()));
        }
    }

    private void expect(Phase expected, String what) {
        if (phase != expected) {
            throw new TdsProtocolException(what + " not allowed in the " + phase + " phase");
        }
    }

    private void prelogin(ChannelHandlerContext ctx, PreloginRequest request) {
        ByteBuf reply = reply(ctx, out -> PreloginResponse.write(out, Encryption.NOT_SUPPORTED));
        if (request.encryption().demandsTls()) {
            // The client gives up on NOT_SUP by itself; answering first lets it report why instead of a reset.
            LOG.warn("{}: client requires encryption (PRELOGIN {}), which this server does not offer; connect with "
                    + "encrypt=false (mssql-jdbc) or Encrypt=False (SqlClient)", ctx.channel().remoteAddress(),
                    request.encryption());
            phase = Phase.CLOSING;
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.write(reply);
        phase = Phase.LOGIN;
    }

    private void login(ChannelHandlerContext ctx, LoginRequest login) {
        int packetSize = settings.negotiatePacketSize(login.packetSize());
        String database = login.database().isEmpty() ? DEFAULT_DATABASE : login.database();
        session = new TdsSession(login, database);
        rpcResponder = new RpcResponder(catalog, session.prepared());
        loginListener.loggedIn(login, ctx.channel().remoteAddress());
        ctx.write(reply(ctx, out -> LoginResponse.write(out, database, packetSize, writer.packetSize())));
        writer.packetSize(packetSize);
        phase = Phase.LOGGED_IN;
        LOG.debug("{}: logged in as '{}' from '{}' ({}), packet size {}", ctx.channel().remoteAddress(),
                login.userName(), login.appName(), login.libraryName(), packetSize);
    }

    /** A reply made at once, queued behind replies still waiting for a procedure. */
    private void replyInOrder(ChannelHandlerContext ctx, Consumer<ByteBuf> tokens) {
        ByteBuf out = ctx.alloc().buffer();
        try {
            tokens.accept(out);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
        replies.add(out, CompletableFuture.completedFuture(null));
    }

    /** The packets of a reply whose tokens {@code tokens} writes; nothing leaks if writing them fails. */
    private ByteBuf reply(ChannelHandlerContext ctx, Consumer<ByteBuf> tokens) {
        ByteBuf message = ctx.alloc().buffer();
        try {
            tokens.accept(message);
        } catch (RuntimeException e) {
            message.release();
            throw e;
        }
        return writer.packets(ctx.alloc(), message);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        phase = Phase.CLOSING;
        if (cause instanceof TdsProtocolException || cause instanceof CorruptedFrameException
                || cause instanceof TooLongFrameException) {
            LOG.info("{}: closing, not valid TDS: {}", ctx.channel().remoteAddress(), cause.getMessage());
        } else if (cause instanceof IOException) {
            LOG.debug("{}: connection failed: {}", ctx.channel().remoteAddress(), cause.getMessage());
        } else {
            LOG.warn("{}: closing after an unexpected failure", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
