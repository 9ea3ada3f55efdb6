package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.netty.util.concurrent.EventExecutor;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** Spec "Framing": pipelined requests, requests split anywhere, binary bodies. */
class FramingTest {
    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void answersOneHundredFiftyPipelinedRequestsFromOneWriteInOrder() {
        ByteArrayOutputStream batch = new ByteArrayOutputStream();
        int sessions = 50;
        for (int i = 0; i < sessions; i++) {
            String body = "data-" + i;
            batch.writeBytes(RawConnection.ascii(
                    "PUT s" + i + " HTTP/1.1\r\nTimeout:20\r\nContent-Length:" + body.length() + "\r\n\r\n" + body));
            batch.writeBytes(RawConnection.ascii("GET s" + i + " HTTP/1.1\r\n\r\n"));
            batch.writeBytes(RawConnection.ascii("GET missing" + i + " HTTP/1.1\r\n\r\n"));
        }
        try (RawConnection c = server.raw()) {
            c.send(batch.toByteArray());
            for (int i = 0; i < sessions; i++) {
                assertThat(c.readResponseText())
                        .as("PUT %d", i)
                        .startsWith("200 OK\r\n")
                        .endsWith("Content-Length: 0\r\n\r\n");
                assertThat(c.readResponseText())
                        .as("GET %d", i)
                        .startsWith("200 OK\r\n")
                        .endsWith("\r\n\r\ndata-" + i);
                assertThat(c.readResponseText()).as("GET missing %d", i).startsWith("404 Not Found\r\n");
            }
        }
    }

    /**
     * Not run on epoll: Netty 4.2.18's epoll transport (and 4.2.20's, checked in its bytecode) takes a connection's
     * socket out of the epoll set once nothing is left to wait for (input shut down, output drained), but keeps
     * it marked as in the set, so the next write that has to wait fails with "epoll_ctl(..) failed: No such file or
     * directory" and the rest of the answers is cut (docs/hardening.md, "Half-closed connections on epoll").
     */
    @Test
    void pipelinedAnswersStillGoOutAfterTheClientShutsDownItsSendingSide() throws Exception {
        assumeFalse(
                "epoll".equals(System.getProperty("aspstate.transport")),
                "Netty's epoll transport loses a half-closed connection's registration; see the comment");
        int body = 1 << 20;
        int reads = 20;
        StringBuilder requests =
                new StringBuilder("PUT big HTTP/1.1\r\nContent-Length:" + body + "\r\n\r\n").append("b".repeat(body));
        for (int i = 0; i < reads; i++) {
            requests.append("GET big HTTP/1.1\r\n\r\n");
        }
        try (RawConnection c = server.raw()) {
            c.send(requests.toString()).shutdownOutput();
            assertThat(c.readResponseText()).startsWith("200 OK");
            for (int i = 0; i < reads; i++) {
                assertThat(c.readResponse()).as("answer %d", i).hasSizeGreaterThan(body);
            }
            assertThat(c.bytesUntilClosed()).as("then the server closes").isZero();
        }
    }

    @Test
    void acceptsRequestsSentOneByteAtATime() {
        String requests = "PUT %2fapp%2fone HTTP/1.1\r\nHost: h\r\nTimeout:5\r\nContent-Length:6\r\n\r\n\r\n\r\nab"
                + "GET //app/one HTTP/1.1\r\nHost: h\r\nExclusive: acquire\r\n\r\n";
        try (RawConnection c = server.raw()) {
            for (byte b : RawConnection.ascii(requests)) {
                c.send(new byte[] {b});
            }
            assertThat(c.readResponseText()).startsWith("200 OK\r\n");
            assertThat(c.readResponseText())
                    .contains("LockCookie: 2\r\nTimeout: 5\r\n")
                    .endsWith("Content-Length: 6\r\n\r\n\r\n\r\nab");
        }
    }

    @Test
    void splitBetweenCrAndLfAndInsideTheBody() {
        try (RawConnection c = server.raw()) {
            c.send("PUT k HTTP/1.1\r")
                    .send("\nContent-Length:4\r\n\r")
                    .send("\nab")
                    .send("cd");
            assertThat(c.readResponseText()).startsWith("200 OK\r\n");
            c.send("GET k HTTP/1.1\r\n").send("\r\n");
            assertThat(c.readResponseText()).endsWith("Content-Length: 4\r\n\r\nabcd");
        }
    }

    @Test
    void sixteenMebibyteBinaryBodyRoundTripsVerbatim() throws Exception {
        byte[] data = new byte[16 << 20];
        new Random(42).nextBytes(data);
        // Bytes that would confuse a text parser, placed deliberately.
        System.arraycopy(
                "\r\n\r\n\0\u00ffGET x HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0, data, 1000, 23);
        try (StateServerConnection client = server.client()) {
            assertThat(client.set("big", data, 20, null).join().status()).isEqualTo(200);
            StateServerResponse read = client.get("big").join();
            assertThat(read.status()).isEqualTo(200);
            assertThat(read.data()).isEqualTo(data);
        }
    }

    /**
     * A large value goes out in slices, through a handler the connection gets at its first large answer: the
     * answers around it, before and after that moment, keep their places and their bytes.
     */
    @Test
    void smallAnswersAroundLargeOnesKeepTheirPlaceOnOneConnection() {
        byte[] large = new byte[3 * StateServerResponses.BODY_SLICE_BYTES + 17];
        new Random(7).nextBytes(large);
        try (RawConnection c = server.raw()) {
            c.send("PUT small HTTP/1.1\r\nContent-Length:5\r\n\r\nsmall");
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send("PUT large HTTP/1.1\r\nContent-Length:" + large.length + "\r\n\r\n")
                    .send(large);
            assertThat(c.readResponseText()).startsWith("200 OK");
            String getSmall = "GET small HTTP/1.1\r\n\r\n";
            String getLarge = "GET large HTTP/1.1\r\n\r\n";
            c.send(getSmall + getLarge + getSmall + getLarge + getSmall);
            for (int pass = 0; pass < 2; pass++) {
                assertThat(c.readResponseText()).as("pass %d, before", pass).endsWith("\r\n\r\nsmall");
                byte[] answer = c.readResponse();
                assertThat(Arrays.copyOfRange(answer, answer.length - large.length, answer.length))
                        .as("pass %d, large", pass)
                        .isEqualTo(large);
            }
            assertThat(c.readResponseText()).as("after").endsWith("\r\n\r\nsmall");
        }
    }

    /**
     * A late store (a clustered one) may answer after its connection was reset and left its pipeline; a large
     * answer then finds no place for its slicer, and must be dropped quietly rather than fail the reply queue's
     * task.
     */
    @Test
    void aLargeAnswerForAConnectionThatClosedWhileTheStoreWasAnsweringIsDroppedQuietly() throws Exception {
        byte[] large = new byte[2 * StateServerResponses.BODY_SLICE_BYTES];
        try (TestServer late = new TestServer(TestServer.settings(), LateStore::new);
                CapturedLog warnings = new CapturedLog(Logger.ROOT_LOGGER_NAME, Level.WARN)) {
            LateStore store = (LateStore) late.serving;
            try (RawConnection writer = late.raw()) {
                writer.send("PUT large HTTP/1.1\r\nContent-Length:" + large.length + "\r\n\r\n")
                        .send(large);
                assertThat(writer.readResponseText()).startsWith("200 OK");
            }
            store.hold();
            RawConnection gone = late.raw();
            gone.send("GET large HTTP/1.1\r\n\r\n");
            store.held.get(10, TimeUnit.SECONDS);
            // A reset, not a close: a closed sending side would ask the server to answer first and close after.
            gone.reset();
            Await.until(
                    "the server closed the connection",
                    () -> late.listener.statistics().open() == 0);
            EventExecutor loop = store.held.get();
            loop.submit(() -> {}).get(10, TimeUnit.SECONDS); // the rest of the close has run on its loop
            store.release();
            loop.submit(() -> {}).get(10, TimeUnit.SECONDS); // and so has the answer's turn

            assertThat(warnings.events())
                    .extracting(ILoggingEvent::getFormattedMessage)
                    .isEmpty();
        }
    }

    @Test
    void keyDecodingMakesEscapedSlashPlainSlashAndDoubleSlashOneSession() {
        try (RawConnection c = server.raw()) {
            c.send("PUT %2fa HTTP/1.1\r\nContent-Length:1\r\n\r\nx");
            assertThat(c.readResponseText()).startsWith("200 OK");
            for (String target : new String[] {"/a", "//a", "%2Fa", "%2fa"}) {
                c.send("GET " + target + " HTTP/1.1\r\n\r\n");
                assertThat(c.readResponseText()).as(target).startsWith("200 OK").endsWith("\r\n\r\nx");
            }
            c.send("GET %2fA HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText()).as("keys are case-sensitive").startsWith("404");
        }
    }

    @Test
    void idWithRawSpacesIsEverythingBetweenVerbAndHttpVersion() {
        try (RawConnection c = server.raw()) {
            c.send("PUT /app (x y) z HTTP/1.1\r\nContent-Length:1\r\n\r\nq");
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send("GET /app+(x+y)+z HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText()).as("'+' decodes to a space").endsWith("\r\n\r\nq");
        }
    }

    @Test
    void headerNamesAreCaseInsensitiveAndValuesMayHaveSpaces() {
        try (RawConnection c = server.raw()) {
            c.send("PUT k HTTP/1.1\r\ncontent-length:   2  \r\nTIMEOUT: 7\r\n\r\nhi");
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send("GET k HTTP/1.1\r\nexclusive:acquire\r\n\r\n");
            assertThat(c.readResponseText()).contains("LockCookie: 2\r\nTimeout: 7\r\n");
            c.send("GET k HTTP/1.1\r\nEXCLUSIVE:   release \r\nlockcookie:  2\r\n\r\n");
            assertThat(c.readResponseText()).startsWith("200 OK");
        }
    }
}
