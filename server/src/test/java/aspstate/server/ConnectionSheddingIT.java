package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built jar at an open-file limit of 1,024 (so each protocol listener holds 352 connections), with 1,100
 * connections from one address trickling requests a byte at a time, reopened as soon as they are closed: the
 * address of the web servers. Each used to hold its slot until the request deadline, and new clients from that
 * address were refused meanwhile; now a new client takes the place of the connection furthest behind
 * --min-request-rate and is answered within 2 s.
 */
@Timeout(120)
class ConnectionSheddingIT {
    private static final Pattern STATESERVER = Pattern.compile(".*stateserver on [^,]*:(\\d+),.*");
    private static final int TRICKLERS = 1_100;

    private final List<SocketChannel> tricklers = new ArrayList<>();
    private JarProcess process;

    @AfterEach
    void stop() throws IOException {
        for (SocketChannel trickler : tricklers) {
            trickler.close();
        }
        if (process != null) {
            process.close();
        }
    }

    @Test
    void newClientsAreAnsweredWithinTwoSecondsWhileTricklersHoldEverySlot() throws Exception {
        process = JarProcess.start(
                List.of("prlimit", "--nofile=1024:1024"), "serve", "--stateserver-port", "0", "--tds-port", "off");
        Matcher port = STATESERVER.matcher(process.awaitStdoutLine());
        assertThat(port.matches()).isTrue();
        InetSocketAddress server = new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1)));
        assertThat(process.stderrSoFar())
                .anySatisfy(line -> assertThat(line)
                        .contains("--max-connections 4096: lowered to")
                        .contains("per listener"));

        for (int i = 0; i < TRICKLERS; i++) {
            tricklers.add(opened(server));
        }
        // A round of bytes every 200 ms for a second: the tricklers are behind by then, and some were shed.
        for (int round = 0; round < 5; round++) {
            Thread.sleep(200); // the pace of the slow clients being simulated
            trickle(server);
        }
        for (int probe = 0; probe < 5; probe++) {
            long start = System.nanoTime();
            try (Socket client = new Socket()) {
                client.connect(server, 2_000);
                client.setSoTimeout(2_000);
                client.getOutputStream()
                        .write("GET /LM/W3SVC/1/ROOT/probe HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                String status = new String(client.getInputStream().readNBytes(13), StandardCharsets.US_ASCII);
                assertThat(status).as("probe %d", probe).isEqualTo("404 Not Found");
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            trickle(server);
        }
        assertThat(process.isAlive()).isTrue();
    }

    /** One byte on every trickling connection; those the server closed are opened again, as an attacker would. */
    private void trickle(InetSocketAddress server) throws IOException {
        for (int i = 0; i < tricklers.size(); i++) {
            try {
                tricklers.get(i).write(ByteBuffer.wrap(new byte[] {'G'}));
            } catch (IOException closedByTheServer) {
                tricklers.get(i).close();
                tricklers.set(i, opened(server));
            }
        }
    }

    private static SocketChannel opened(InetSocketAddress server) throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.socket().connect(server, (int) TimeUnit.SECONDS.toMillis(5));
        channel.configureBlocking(false);
        channel.write(ByteBuffer.wrap(new byte[] {'G'}));
        return channel;
    }
}
