package aspstate.tds;

import aspstate.tds.login.Encryption;
import aspstate.tds.login.LoginRequest;
import aspstate.tds.login.LoginResponse;
import aspstate.tds.login.PreloginRequest;
import aspstate.tds.login.PreloginResponse;
import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsMessage;
import aspstate.tds.packet.TdsPacketWriter;
import aspstate.tds.request.RpcRequest;
import aspstate.tds.request.SqlBatchRequest;
import aspstate.tds.token.DoneToken;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.io.IOException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Acts on the messages of one connection: PRELOGIN, then LOGIN7, then requests ([MS-TDS] 3.3.5: the server's
 * states). Answers are written as they are made and flushed once per read, so pipelined requests cost one system
 * call. A message that breaks the protocol closes the connection; a request the server cannot run is answered
 * with an error and the connection stays usable.
 */
final class TdsConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(TdsConnectionHandler.class);
    /** SQL Server's database when a login names none. */
    private static final String DEFAULT_DATABASE = "master";

    private enum Phase { PRELOGIN, LOGIN, LOGGED_IN, CLOSING }

    private final TdsSettings settings;
    private final LoginListener loginListener;
    private final TdsPacketWriter writer;
    private Phase phase = Phase.PRELOGIN;
    private TdsSession session;

    TdsConnectionHandler(TdsSettings settings, LoginListener loginListener, int spid) {
        this.settings = settings;
        this.loginListener = loginListener;
        this.writer = new TdsPacketWriter(spid, TdsSettings.INITIAL_PACKET_SIZE);
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
                ctx.write(reply(ctx, out -> SqlBatchResponder.respond(batch.text(), session, out)));
            }
            case PacketType.RPC -> {
                expect(Phase.LOGGED_IN, "RPC");
                RpcRequest rpc = RpcRequest.parse(message.payload(), session.login().sendsAllHeaders());
                ctx.write(reply(ctx, out -> RpcResponder.respond(rpc, out)));
            }
            case PacketType.ATTENTION -> {
                expect(Phase.LOGGED_IN, "ATTENTION");
                // Requests run to completion before the next message is read, so there is never anything left to
                // cancel; the client still reads until the acknowledgement ([MS-TDS] 2.2.2.9, 3.3.5.9).
                ctx.write(reply(ctx, out -> DoneToken.write(out, DoneToken.DONE, DoneToken.ATTENTION, 0, 0)));
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
        loginListener.loggedIn(login, ctx.channel().remoteAddress());
        ctx.write(reply(ctx, out -> LoginResponse.write(out, database, packetSize, writer.packetSize())));
        writer.packetSize(packetSize);
        phase = Phase.LOGGED_IN;
        LOG.debug("{}: logged in as '{}' from '{}' ({}), packet size {}", ctx.channel().remoteAddress(),
                login.userName(), login.appName(), login.libraryName(), packetSize);
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
