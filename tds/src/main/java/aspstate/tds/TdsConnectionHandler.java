package aspstate.tds;

import aspstate.core.DurationText;
import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.tds.batch.BatchResponder;
import aspstate.tds.login.Encryption;
import aspstate.tds.login.LoginFailure;
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
import aspstate.tds.request.TransactionManagerRequest;
import aspstate.tds.rpc.RpcResponder;
import aspstate.tds.session.TdsSession;
import aspstate.tds.session.TransactionResponder;
import aspstate.tds.statement.StatementCatalog;
import aspstate.tds.tls.PreloginTls;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.wire.TdsProtocolException;
import aspstate.transport.ConnectionFailures;
import aspstate.transport.OrderedReplies;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
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
    private static final RepeatedEventLog NEEDS_TLS = new RepeatedEventLog(LOG);
    private static final RepeatedEventLog LOGIN_TIMED_OUT = new RepeatedEventLog(LOG, org.slf4j.event.Level.INFO);
    /** SQL Server's database when a login names none. */
    private static final String DEFAULT_DATABASE = "master";

    private enum Phase {
        PRELOGIN,
        LOGIN,
        AUTHENTICATING,
        LOGGED_IN,
        CLOSING
    }

    /** Messages that arrived while the login was being checked, in order. */
    private final ArrayDeque<TdsMessage> heldDuringLogin = new ArrayDeque<>();

    private final TdsSettings settings;
    private final ProcedureCatalog catalog;
    private final StatementCatalog statements;
    private final LoginAuthenticator authenticator;
    private final TdsPacketWriter writer;
    private final int spid;
    private Phase phase = Phase.PRELOGIN;
    private TdsSession session;
    private RpcResponder rpcResponder;
    private OrderedReplies<ByteBuf> replies;
    /** Closes the connection if it is not logged in by then; null once it is. */
    private ScheduledFuture<?> loginDeadline;
    /** The login being checked, cancelled if the connection goes away first (its work is then not done). */
    private CompletableFuture<Boolean> loginCheck;

    TdsConnectionHandler(
            TdsSettings settings,
            ProcedureCatalog catalog,
            StatementCatalog statements,
            LoginAuthenticator authenticator,
            int spid) {
        this.settings = settings;
        this.catalog = catalog;
        this.statements = statements;
        this.authenticator = authenticator;
        this.spid = spid;
        this.writer = new TdsPacketWriter(spid, TdsSettings.INITIAL_PACKET_SIZE);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        replies = new OrderedReplies<>(ctx, new OrderedReplies.Writer<>() {
            @Override
            public boolean write(ByteBuf tokens, Throwable failure) {
                if (failure != null) {
                    // The replies after it would reach the client as the answers to the requests before them:
                    // the failure goes down the pipeline, which closes the connection.
                    ctx.fireExceptionCaught(failure);
                    return false;
                }
                ctx.write(writer.packets(ctx.alloc(), tokens), ctx.voidPromise());
                return true;
            }

            @Override
            public void discard(ByteBuf tokens) {
                tokens.release();
            }
        });
        loginDeadline = ctx.executor()
                .schedule(
                        () -> {
                            LOGIN_TIMED_OUT.occurred(
                                    "closed {} connection(s) not logged in within --tds-login-timeout {} (latest "
                                            + "from {})",
                                    DurationText.format(settings.loginTimeout()),
                                    ctx.channel().remoteAddress());
                            phase = Phase.CLOSING;
                            ctx.close();
                        },
                        settings.loginTimeout().toNanos(),
                        TimeUnit.NANOSECONDS);
    }

    private void cancelLoginDeadline() {
        if (loginDeadline != null) {
            loginDeadline.cancel(false);
            loginDeadline = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        TdsMessage message = (TdsMessage) msg;
        if (phase == Phase.AUTHENTICATING) {
            // A client may pipeline its first batch behind LOGIN7: keep it until the login is decided.
            heldDuringLogin.add(message);
            return;
        }
        try {
            if (phase != Phase.CLOSING) {
                dispatch(ctx, message);
            }
        } finally {
            message.payload().release();
        }
    }

    /**
     * Queues a reply: once every earlier request is complete, {@code tokens} writes it into a new buffer and
     * completes when it has; the buffer is released if it fails.
     */
    private void replyInOrder(ChannelHandlerContext ctx, Function<ByteBuf, CompletionStage<Void>> tokens) {
        replies.run(() -> {
            ByteBuf out = ctx.alloc().buffer();
            CompletionStage<Void> written;
            try {
                written = tokens.apply(out);
            } catch (RuntimeException e) {
                out.release();
                throw e;
            }
            return written.handle((done, failure) -> {
                if (failure != null) {
                    out.release();
                    throw failure instanceof CompletionException ce ? ce : new CompletionException(failure);
                }
                return out;
            });
        });
    }

    private void dispatch(ChannelHandlerContext ctx, TdsMessage message) {
        switch (message.type()) {
            case PacketType.PRELOGIN -> {
                expect(Phase.PRELOGIN, "PRELOGIN");
                prelogin(ctx, PreloginRequest.parse(message.payload()));
            }
            case PacketType.LOGIN7 -> {
                // Clients speaking TDS 7.1 (jTDS) skip PRELOGIN.
                if (phase == Phase.LOGGED_IN || phase == Phase.AUTHENTICATING) {
                    throw new TdsProtocolException("LOGIN7 on a connection already logging or logged in");
                }
                login(ctx, LoginRequest.parse(message.payload()));
            }
            case PacketType.SQL_BATCH -> {
                expect(Phase.LOGGED_IN, "SQL batch");
                SqlBatchRequest batch =
                        SqlBatchRequest.parse(message.payload(), session.login().sendsAllHeaders());
                replyInOrder(ctx, out -> {
                    resetIfAsked(message, out);
                    return BatchResponder.respond(batch.text(), session, catalog, statements, out);
                });
            }
            case PacketType.RPC -> {
                expect(Phase.LOGGED_IN, "RPC");
                List<RpcRequest> calls =
                        RpcRequest.parseAll(message.payload(), session.login().sendsAllHeaders());
                replyInOrder(ctx, out -> {
                    resetIfAsked(message, out);
                    return rpcResponder.respond(calls, out);
                });
            }
            case PacketType.TRANSACTION_MANAGER -> {
                expect(Phase.LOGGED_IN, "transaction manager request");
                TransactionManagerRequest request = TransactionManagerRequest.parse(
                        message.payload(), session.login().sendsAllHeaders());
                replyInOrder(ctx, out -> {
                    resetIfAsked(message, out);
                    TransactionResponder.respond(request, session, out);
                    return CompletableFuture.completedFuture(null);
                });
            }
            case PacketType.ATTENTION -> {
                expect(Phase.LOGGED_IN, "ATTENTION");
                // Procedures are not cancelled once started, so the acknowledgement follows their replies; the
                // client reads until it ([MS-TDS] 2.2.2.9, 3.3.5.9).
                replyInOrder(ctx, out -> {
                    DoneToken.write(out, session.login().version(), DoneToken.DONE, DoneToken.ATTENTION, 0, 0);
                    return CompletableFuture.completedFuture(null);
                });
            }
            // [MS-TDS] 2.2.3.1.1: a receiver should disconnect on a message type it does not expect.
            default ->
                throw new TdsProtocolException("unsupported message type 0x" + Integer.toHexString(message.type()));
        }
    }

    /**
     * Resets the session before the request runs if the client asks ([MS-TDS] 2.2.3.1.2), and acknowledges it at the
     * start of the reply, where SQL Server puts it: .NET SqlClient discards its record of the session's state when it
     * reads the acknowledgement, so anything the request itself changes must come after it. SQL Server sends no
     * database ENVCHANGE for the reset; clients go back to the login's database on their own.
     */
    private void resetIfAsked(TdsMessage message, ByteBuf reply) {
        if (message.resetsConnection()) {
            session.reset();
            EnvChangeToken.resetAcknowledgement(reply);
        }
    }

    private void expect(Phase expected, String what) {
        if (phase != expected) {
            throw new TdsProtocolException(what + " not allowed in the " + phase + " phase");
        }
    }

    /**
     * With TLS configured, a client asking for encryption gets ON and the handshake starts ([MS-TDS] 2.2.6.5,
     * 3.3.5.2). Any other client gets NOT_SUP, so it runs unencrypted: ON would fail a client offering NOT_SUP,
     * and OFF would commit the server to encrypting the login alone, which it does not do.
     */
    private void prelogin(ChannelHandlerContext ctx, PreloginRequest request) {
        boolean demandsTls = request.encryption().demandsTls();
        if (demandsTls && settings.tls().isPresent()) {
            ctx.writeAndFlush(reply(ctx, out -> PreloginResponse.write(out, Encryption.ON)));
            PreloginTls.start(ctx.pipeline(), settings.tls().get(), writer);
            phase = Phase.LOGIN;
            return;
        }
        ByteBuf reply = reply(ctx, out -> PreloginResponse.write(out, Encryption.NOT_SUPPORTED));
        if (demandsTls) {
            // The client gives up on NOT_SUP by itself; answering first lets it report why instead of a reset.
            NEEDS_TLS.occurred(
                    "refused {} client(s) requiring encryption, which this server does not offer without "
                            + "--tds-tls; connect with encrypt=false (mssql-jdbc) or Encrypt=False (SqlClient) (latest from {}, "
                            + "PRELOGIN {})",
                    ctx.channel().remoteAddress(),
                    request.encryption());
            phase = Phase.CLOSING;
            ctx.writeAndFlush(reply).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.write(reply);
        phase = Phase.LOGIN;
    }

    /** Checks the credentials off the event loop, then finishes the login back on it. */
    private void login(ChannelHandlerContext ctx, LoginRequest login) {
        phase = Phase.AUTHENTICATING;
        ctx.channel().config().setAutoRead(false); // nothing more is read until the login is decided
        loginCheck = authenticator.accepts(login, ctx.channel().remoteAddress()).toCompletableFuture();
        loginCheck.whenCompleteAsync(
                (accepted, error) -> {
                    if (error instanceof CancellationException) {
                        releaseHeld();
                        return; // the connection went away before its login was checked
                    }
                    if (error != null) {
                        LOG.error(
                                "{}: checking the login of '{}' failed; refusing it",
                                ctx.channel().remoteAddress(),
                                LogText.client(login.userName()),
                                error);
                    }
                    if (phase == Phase.AUTHENTICATING && ctx.channel().isActive()) {
                        finishLogin(ctx, login, error == null && Boolean.TRUE.equals(accepted));
                        ctx.channel().config().setAutoRead(true);
                        TdsMessage held;
                        while ((held = heldDuringLogin.poll()) != null) {
                            channelRead(ctx, held);
                        }
                        ctx.flush(); // outside a read cycle, so no channelReadComplete will flush these replies
                    }
                    releaseHeld();
                },
                ctx.executor());
    }

    private void releaseHeld() {
        TdsMessage held;
        while ((held = heldDuringLogin.poll()) != null) {
            held.payload().release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelLoginDeadline();
        if (loginCheck != null) {
            loginCheck.cancel(false);
        }
        releaseHeld();
        ctx.fireChannelInactive();
    }

    private void finishLogin(ChannelHandlerContext ctx, LoginRequest login, boolean accepted) {
        cancelLoginDeadline();
        if (!accepted) {
            // As SQL Server does: after a failed login the client must start over on a new connection.
            phase = Phase.CLOSING;
            ctx.writeAndFlush(reply(ctx, out -> LoginFailure.write(out, login.version(), login.userName())))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        int packetSize = settings.negotiatePacketSize(login.packetSize());
        String database = login.database().isEmpty() ? DEFAULT_DATABASE : login.database();
        session = new TdsSession(login, spid, database);
        rpcResponder = new RpcResponder(catalog, statements, session.prepared(), session::database, login.version());
        ctx.writeAndFlush(reply(
                ctx,
                out -> LoginResponse.write(
                        out,
                        login.version(),
                        database,
                        packetSize,
                        writer.packetSize(),
                        settings.failoverPartner().orElse(null))));
        writer.packetSize(packetSize);
        phase = Phase.LOGGED_IN;
        LOG.debug(
                "{}: logged in as '{}' from '{}' ({}), packet size {}",
                ctx.channel().remoteAddress(),
                LogText.client(login.userName()),
                LogText.client(login.appName()),
                LogText.client(login.libraryName()),
                packetSize);
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
        ConnectionFailures.close(ctx, cause, "tds", TdsConnectionHandler::isClientsFault);
    }

    private static boolean isClientsFault(Throwable cause) {
        return cause instanceof TdsProtocolException
                || cause instanceof CorruptedFrameException
                || cause instanceof TooLongFrameException;
    }
}
