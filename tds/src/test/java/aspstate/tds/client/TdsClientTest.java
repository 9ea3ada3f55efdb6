package aspstate.tds.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.Clock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.LoginAuthenticator;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.tds.login.Encryption;
import aspstate.tds.login.LoginResponse;
import aspstate.tds.login.PreloginResponse;
import aspstate.tds.packet.PacketType;
import aspstate.tds.packet.TdsPacketWriter;
import aspstate.tds.sqlstate.AspStateCatalog;
import aspstate.tds.token.DoneToken;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import aspstate.tds.wire.TdsVersion;
import aspstate.tds.wire.Utf16;
import aspstate.transport.InboundBudget;
import aspstate.transport.IoTransport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.EventLoopGroup;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The project's TDS client against a real TDS listener serving the ASPState procedures. */
@Timeout(30)
class TdsClientTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final NVarCharType ID = NVarCharType.ofCharacters(88);
    private static final BigVarBinaryType ITEM_SHORT = BigVarBinaryType.of(7000);

    private final EventLoopGroup group = IoTransport.best().newGroup(1);
    private MemorySessionStore<SqlSessionItem> sessions;
    private MemorySessionStore<AppRegistration> appIds;
    private TdsListener listener;

    @BeforeEach
    void start() throws InterruptedException {
        sessions = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        appIds = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        listener = listen(LoginAuthenticator.ACCEPT_ALL);
    }

    private TdsListener listen(LoginAuthenticator logins) throws InterruptedException {
        return TdsListener.start(
                TdsSettings.defaults().withPort(0),
                AspStateCatalog.create(sessions, appIds),
                logins,
                InboundBudget.unshared(TdsSettings.DEFAULT_MAX_MESSAGE_BYTES));
    }

    @AfterEach
    void stop() {
        listener.close();
        sessions.close();
        appIds.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private TdsClient connect() throws IOException {
        return TdsClient.connect(listener.address(), group, "user", "pässword", TIMEOUT);
    }

    @Test
    void callsProceduresByNameAndReadsTheirOutputs() throws Exception {
        try (TdsClient client = connect()) {
            RpcReply appId = await(client.call(RpcCall.of("dbo.TempGetAppID")
                    .input("@appName", SingleByteCharType.varchar(280), "/LM/W3SVC/1/ROOT/app")
                    .output("@appId", IntNType.INT)));
            assertThat(appId.output("@appId")).isInstanceOf(Integer.class);
            assertThat(appId.returnStatus()).isZero();

            byte[] item = {1, 2, 3, 4};
            await(client.call(RpcCall.of("dbo.TempInsertStateItemShort")
                    .input("@id", ID, "s1")
                    .input("@itemShort", ITEM_SHORT, item)
                    .input("@timeout", IntNType.INT, 20)));
            RpcReply locked = await(client.call(getExclusive("s1")));
            assertThat(locked.output("@locked")).isEqualTo(false);
            assertThat((byte[]) locked.output("@itemShort")).containsExactly(item);
            assertThat(locked.output("@lockCookie")).isNotNull();

            RpcReply second = await(client.call(getExclusive("s1")));
            assertThat(second.output("@locked")).isEqualTo(true);
            assertThat(second.output("@itemShort")).isNull();
            assertThat(second.output("@lockCookie")).isEqualTo(locked.output("@lockCookie"));

            RpcReply missing = await(client.call(getExclusive("nobody")));
            assertThat(missing.outputs())
                    .containsKeys("@itemShort", "@locked", "@lockAge", "@lockCookie", "@actionFlags");
            assertThat(missing.output("@lockCookie")).isNull();
        }
    }

    @Test
    void anItemInTheImageColumnComesBackAsARow() throws Exception {
        byte[] item = new byte[9000];
        Arrays.fill(item, (byte) 7);
        try (TdsClient client = connect()) {
            await(client.call(RpcCall.of("dbo.TempInsertStateItemLong")
                    .input("@id", ID, "long")
                    .image("@itemLong", item)
                    .input("@timeout", IntNType.INT, 20)));
            RpcReply reply = await(client.call(RpcCall.of("dbo.TempGetStateItem3")
                    .input("@id", ID, "long")
                    .output("@itemShort", ITEM_SHORT)
                    .output("@locked", BitNType.BIT)
                    .output("@lockAge", IntNType.INT)
                    .output("@lockCookie", IntNType.INT)
                    .output("@actionFlags", IntNType.INT)));
            assertThat(reply.output("@itemShort")).isNull();
            assertThat(reply.rows()).hasSize(1);
            assertThat((byte[]) reply.rows().get(0).get(0)).containsExactly(item);
        }
    }

    @Test
    void aServerErrorFailsItsCallWithTheErrorNumberAndTheConnectionGoesOn() throws Exception {
        try (TdsClient client = connect()) {
            RpcCall insert = RpcCall.of("dbo.TempInsertStateItemShort")
                    .input("@id", ID, "twice")
                    .input("@itemShort", ITEM_SHORT, new byte[] {1})
                    .input("@timeout", IntNType.INT, 20);
            await(client.call(insert));
            assertThatThrownBy(() -> await(client.call(insert)))
                    .cause()
                    .isInstanceOfSatisfying(TdsServerError.class, error -> {
                        assertThat(error.error().number()).isEqualTo(2627);
                        assertThat(error.getMessage()).contains("dbo.TempInsertStateItemShort", "2627");
                    });
            assertThatThrownBy(() -> await(client.call(RpcCall.of("dbo.NoSuchProcedure"))))
                    .cause()
                    .isInstanceOfSatisfying(
                            TdsServerError.class,
                            error -> assertThat(error.error().number()).isEqualTo(2812));
            assertThat(await(client.call(getExclusive("twice"))).output("@locked"))
                    .isEqualTo(false);
        }
    }

    @Test
    void callsMadeWithoutWaitingAreAnsweredInOrder() throws Exception {
        try (TdsClient client = connect()) {
            List<CompletableFuture<RpcReply>> gets = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                client.call(RpcCall.of("dbo.TempInsertStateItemShort")
                        .input("@id", ID, "s" + i)
                        .input("@itemShort", ITEM_SHORT, new byte[] {(byte) i})
                        .input("@timeout", IntNType.INT, 20));
                gets.add(client.call(RpcCall.of("dbo.TempGetStateItem3")
                        .input("@id", ID, "s" + i)
                        .output("@itemShort", ITEM_SHORT)
                        .output("@locked", BitNType.BIT)
                        .output("@lockAge", IntNType.INT)
                        .output("@lockCookie", IntNType.INT)
                        .output("@actionFlags", IntNType.INT)));
            }
            for (int i = 0; i < gets.size(); i++) {
                assertThat((byte[]) await(gets.get(i)).output("@itemShort"))
                        .as("item " + i)
                        .containsExactly((byte) i);
            }
        }
    }

    @Test
    void theServerReadsTheLoginAsSent() throws Exception {
        listener.close();
        listener = listen((login, peer) ->
                CompletableFuture.completedFuture(login.userName().equals("user")
                        && login.password().equals("pässword")
                        && login.version().isAtLeast(TdsVersion.V7_2)));
        try (TdsClient client = connect()) {
            assertThat(client.isOpen()).isTrue();
        }
    }

    @Test
    void aRefusedLoginFailsTheConnectWithTheServersReason() throws InterruptedException {
        listener.close();
        listener = listen((login, peer) -> CompletableFuture.completedFuture(false));
        assertThatThrownBy(this::connect)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("login as user refused")
                .hasMessageContaining("Login failed");
    }

    @Test
    void callsOnAClosedConnectionFail() throws Exception {
        TdsClient client = connect();
        client.close();
        assertThat(client.isOpen()).isFalse();
        assertThatThrownBy(() -> await(client.call(getExclusive("s1"))))
                .cause()
                .isInstanceOf(ClosedChannelException.class);
    }

    @Test
    void connectingWhereNothingListensFailsWithAnIoException() {
        listener.close();
        assertThatThrownBy(this::connect).isInstanceOf(IOException.class);
    }

    /**
     * TDS carries one request at a time: against a server that reads the connection itself, a second call made at
     * once is not on the wire until the first is answered. (This project's listener would also answer requests
     * sent back to back, so only a server that looks at the bytes can tell.)
     */
    @Test
    void aSecondCallIsWrittenOnlyOnceTheFirstIsAnswered() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<TdsClient> connecting = CompletableFuture.supplyAsync(() -> {
                try {
                    return TdsClient.connect(
                            (InetSocketAddress) server.getLocalSocketAddress(), group, "u", "p", TIMEOUT);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            try (Socket socket = server.accept()) {
                DataInputStream in = new DataInputStream(socket.getInputStream());
                assertThat(readMessage(in)[0]).isEqualTo((byte) PacketType.PRELOGIN);
                reply(socket, PacketType.PRELOGIN, out -> PreloginResponse.write(out, Encryption.NOT_SUPPORTED));
                assertThat(readMessage(in)[0]).isEqualTo((byte) PacketType.LOGIN7);
                reply(
                        socket,
                        PacketType.TABULAR_RESULT,
                        out -> LoginResponse.write(out, TdsVersion.V7_4, "master", 4096, 4096, null));
                try (TdsClient client = connecting.get()) {
                    CompletableFuture<RpcReply> first = client.call(RpcCall.of("dbo.First"));
                    CompletableFuture<RpcReply> second = client.call(RpcCall.of("dbo.Second"));
                    assertThat(procedureIn(readMessage(in))).isEqualTo("dbo.First");
                    // Absence cannot be awaited: a bounded look for more bytes, far longer than loopback takes.
                    socket.setSoTimeout(300);
                    assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class);
                    socket.setSoTimeout(0);
                    assertThat(second).isNotDone();

                    reply(socket, PacketType.TABULAR_RESULT, TdsClientTest::doneProc);
                    assertThat(first.get().rows()).isEmpty();
                    assertThat(procedureIn(readMessage(in))).isEqualTo("dbo.Second");
                    reply(socket, PacketType.TABULAR_RESULT, TdsClientTest::doneProc);
                    assertThat(second.get().outputs()).isEmpty();
                }
            }
        }
    }

    /** One message of one packet: its header (type first), then its payload. */
    private static byte[] readMessage(DataInputStream in) throws IOException {
        byte[] header = new byte[8];
        in.readFully(header);
        assertThat(header[1] & 1).as("EOM: a message of one packet").isEqualTo(1);
        int length = ((header[2] & 0xFF) << 8) | (header[3] & 0xFF);
        byte[] message = Arrays.copyOf(header, length);
        in.readFully(message, 8, length - 8);
        return message;
    }

    /** The procedure an RPC message names: after the header and ALL_HEADERS, a US_VARCHAR. */
    private static String procedureIn(byte[] message) {
        ByteBuf payload = Unpooled.wrappedBuffer(message, 8, message.length - 8);
        payload.skipBytes((int) payload.readUnsignedIntLE() - 4); // the length counts its own 4 bytes
        return Utf16.read(payload, payload.readUnsignedShortLE());
    }

    private static void doneProc(ByteBuf out) {
        DoneToken.write(out, TdsVersion.V7_4, DoneToken.DONEPROC, DoneToken.FINAL, DoneToken.EXECUTE_COMMAND, 0);
    }

    private static void reply(Socket socket, int type, Consumer<ByteBuf> tokens) throws IOException {
        ByteBuf message = Unpooled.buffer();
        tokens.accept(message);
        ByteBuf packets = new TdsPacketWriter(1, 4096).packets(UnpooledByteBufAllocator.DEFAULT, message, type);
        byte[] bytes = new byte[packets.readableBytes()];
        packets.readBytes(bytes).release();
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    private static RpcCall getExclusive(String id) {
        return RpcCall.of("dbo.TempGetStateItemExclusive3")
                .input("@id", ID, id)
                .output("@itemShort", ITEM_SHORT)
                .output("@locked", BitNType.BIT)
                .output("@lockAge", IntNType.INT)
                .output("@lockCookie", IntNType.INT)
                .output("@actionFlags", IntNType.INT);
    }

    private static RpcReply await(CompletableFuture<RpcReply> reply) throws ExecutionException, InterruptedException {
        return reply.get();
    }
}
