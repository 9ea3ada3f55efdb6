package aspstate.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * A client that pipelines requests and never reads an answer, with a receive buffer of 4 KiB: what a server takes
 * from it shows whether it stops reading from a client whose answers wait unread.
 */
public final class NonReadingClient {
    /** No byte taken for this long: the server stopped reading. */
    private static final long STALLED_NANOS = TimeUnit.SECONDS.toNanos(1);

    private NonReadingClient() {}

    /**
     * Writes {@code requests} over and over until {@code limit} bytes went, the server closed the connection, or it
     * took nothing for a second; closes the connection then.
     *
     * @return the bytes the server took
     */
    public static long pipelineWithoutReading(InetSocketAddress server, byte[] requests, long limit) {
        try (SocketChannel client = SocketChannel.open()) {
            client.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            client.connect(server);
            client.configureBlocking(false);
            ByteBuffer buffer = ByteBuffer.wrap(requests);
            long written = 0;
            long lastProgress = System.nanoTime();
            try {
                while (written < limit && System.nanoTime() - lastProgress < STALLED_NANOS) {
                    if (!buffer.hasRemaining()) {
                        buffer.rewind();
                    }
                    int n = client.write(buffer);
                    if (n > 0) {
                        written += n;
                        lastProgress = System.nanoTime();
                    } else {
                        Thread.onSpinWait();
                    }
                }
            } catch (IOException closedByTheServer) {
                // it took no more
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
