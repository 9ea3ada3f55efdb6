package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.sessionformat.SessionStateData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The lock protocol against a server the test plays itself, byte by byte on loopback. */
class LockAcquisitionTest {
    private static final LockSettings QUICK =
            new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10));

    /**
     * A caller that gives up on a lock (cancels its wait) while the request that takes it is on its way: the lock
     * it took is released at once, not left until its execution timeout with every later request waiting for it.
     */
    @Test
    void aLockTakenAfterTheCallerGaveUpIsReleasedAtOnce() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                SessionStateClient client = clientOf(server)) {
            CompletableFuture<Optional<LockedItem>> lock = client.acquireExclusiveAsync("s", QUICK);
            try (Socket connection = server.accept()) {
                connection.setSoTimeout(10_000);
                InputStream in = connection.getInputStream();
                assertThat(head(in)).contains("Exclusive: acquire");

                lock.cancel(false);
                answerLocked(connection, 7);

                assertThat(head(in)).contains("Exclusive: release").contains("LockCookie:7");
            }
        }
    }

    /** The same through the shared sessions' {@code open}, whose answer is made from the lock's. */
    @Test
    void aSessionOpenedAfterTheCallerGaveUpIsUnlockedAtOnce() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                SessionStateClient client = clientOf(server)) {
            SharedSessionStore sessions = new SharedSessionStore(client, QUICK, 20, false);
            CompletableFuture<Optional<SharedSession>> opened =
                    sessions.open("s", getClass().getClassLoader());
            try (Socket connection = server.accept()) {
                connection.setSoTimeout(10_000);
                InputStream in = connection.getInputStream();
                assertThat(head(in)).contains("Exclusive: acquire");

                opened.cancel(false);
                answerLocked(connection, 7);

                assertThat(head(in)).contains("Exclusive: release").contains("LockCookie:7");
            }
        }
    }

    /** The same for a caller blocked waiting for the lock, whose thread is interrupted. */
    @Test
    void aLockTakenAfterTheWaitingThreadWasInterruptedIsReleasedAtOnce() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                SessionStateClient client = clientOf(server)) {
            CompletableFuture<Throwable> waiting = new CompletableFuture<>();
            Thread waiter = new Thread(() -> {
                try {
                    client.acquireExclusive("s", QUICK);
                    waiting.complete(null);
                } catch (RuntimeException e) {
                    waiting.complete(e);
                }
            });
            waiter.start();
            try (Socket connection = server.accept()) {
                connection.setSoTimeout(10_000);
                InputStream in = connection.getInputStream();
                assertThat(head(in)).contains("Exclusive: acquire");

                waiter.interrupt();
                assertThat(waiting.get(10, TimeUnit.SECONDS)).isInstanceOf(SessionStateException.class);
                answerLocked(connection, 7);

                assertThat(head(in)).contains("Exclusive: release").contains("LockCookie:7");
            }
        }
    }

    private static SessionStateClient clientOf(ServerSocket server) {
        return SessionStateClient.builder()
                .server(new InetSocketAddress(server.getInetAddress(), server.getLocalPort()))
                .application(AspNetApplication.of("/LM/W3SVC/1/ROOT/app"))
                .build();
    }

    /** Answers a GetExclusive: the session, locked with {@code cookie}. */
    private static void answerLocked(Socket connection, int cookie) throws IOException {
        byte[] data = SessionStateData.create(20).toBytes(false);
        OutputStream out = connection.getOutputStream();
        out.write(("200 OK\r\nX-AspNet-Version: 4.0.30319\r\nTimeout: 20\r\nLockCookie: " + cookie + "\r\n"
                        + "ActionFlags: 0\r\nContent-Length: " + data.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(data);
        out.flush();
    }

    /** A request's head, up to its empty line. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (!read.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the client closed the connection; read: " + read);
            }
            read.write(b);
        }
        return read.toString(StandardCharsets.ISO_8859_1);
    }
}
