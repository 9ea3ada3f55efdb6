package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One server's connections, opened on loopback to a port where nothing listens. */
class ServerPoolTest {
    private final EventLoopGroup group = Connector.newNioGroup(1);
    private final ExecutorService connecting = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        connecting.shutdownNow();
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    /**
     * A request that waits for a connection while the only one allowed is being opened fails with it when it cannot
     * be: nothing else would ever hand it one.
     */
    @Test
    void aRequestWaitingForTheOnlyConnectionFailsWhenItCannotBeOpened() throws Exception {
        CountDownLatch connect = new CountDownLatch(1);
        Connector real = Connector.nio(group);
        Connector held = (server, timeout, pipeline) -> {
            try {
                connect.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return real.connect(server, timeout, pipeline);
        };
        ServerPool pool = new ServerPool(
                nothingListens(), held, Duration.ofSeconds(5), Duration.ofMinutes(1), 1, 1 << 20, connecting);

        CompletableFuture<StateServerConnection> first = pool.acquire();
        CompletableFuture<StateServerConnection> waiting = pool.acquire();
        assertThat(waiting).as("waits for the only connection").isNotDone();
        connect.countDown();

        assertThat(first)
                .failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class)
                .withRootCauseInstanceOf(IOException.class);
        assertThat(waiting)
                .failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(IOException.class);
    }

    /** A connector's unexpected fault frees the connection's place like a refused connect. */
    @Test
    void aConnectorsUnexpectedFaultFreesTheConnectionsPlace() {
        Connector faulty = (server, timeout, pipeline) -> {
            throw new IllegalStateException("a fault nobody expected");
        };
        ServerPool pool = new ServerPool(
                nothingListens(), faulty, Duration.ofSeconds(5), Duration.ofMinutes(1), 1, 1 << 20, connecting);

        for (int attempt = 0; attempt < 3; attempt++) {
            assertThat(pool.acquire())
                    .as("attempt %d is tried, not queued", attempt)
                    .failsWithin(10, TimeUnit.SECONDS)
                    .withThrowableOfType(ExecutionException.class)
                    .withRootCauseInstanceOf(IllegalStateException.class);
        }
    }

    private static InetSocketAddress nothingListens() {
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), closed.getLocalPort());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
