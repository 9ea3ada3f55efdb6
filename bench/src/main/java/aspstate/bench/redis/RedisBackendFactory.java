package aspstate.bench.redis;

import aspstate.bench.BackendFactory;
import aspstate.bench.ClientLoops;
import aspstate.bench.SessionBackend;
import aspstate.transport.IoTransport;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.DefaultEventLoopGroupProvider;
import io.lettuce.core.resource.EventLoopGroupProvider;
import io.lettuce.core.resource.Transports;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutorGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Connections to Redis, driven the way Microsoft's RedisSessionStateProvider drives it (one Lua script per
 * provider operation). Fairness with the aspstate side: the load generator is pinned to one core, so Lettuce
 * gets one I/O thread and one computation thread (its defaults scale with the cores), and all connections share
 * one client and those threads, as all StateServer connections share one event loop.
 *
 * <p>Lettuce raises {@code ioThreadPoolSize} and {@code computationThreadPoolSize} below 2 to 2, so the two
 * one-thread pools are built here and handed to it; Lettuce then treats them as shared, and {@link #close()}
 * shuts them down after the client.
 */
public final class RedisBackendFactory implements BackendFactory {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final long SHUTDOWN_TIMEOUT_SECONDS = 5;

    static {
        ClientLoops.steerLettuce();
    }

    private final EventLoopGroupProvider ioThreads = new DefaultEventLoopGroupProvider(1);
    private final EventExecutorGroup computationThreads =
            new DefaultEventExecutorGroup(1, new DefaultThreadFactory("lettuce-computation", true));
    /**
     * Lettuce's own I/O loop, taken once: the provider hands every caller of a loop class the same one-thread group,
     * counting each call as a user that must release it, and {@link #close()} releases one.
     */
    private final ScheduledExecutorService pacerLoop =
            ioThreads.allocate(Transports.eventLoopGroupClass()).next();

    private final ClientResources resources;
    private final RedisClient client;
    private final RedisURI uri;
    private final LockIds lockIds = new LockIds();

    public RedisBackendFactory(InetSocketAddress address) {
        this.resources = DefaultClientResources.builder()
                .eventLoopGroupProvider(ioThreads)
                .eventExecutorGroup(computationThreads)
                .build();
        this.client = RedisClient.create(resources);
        this.uri = RedisURI.builder()
                .withHost(address.getHostString())
                .withPort(address.getPort())
                .withTimeout(CONNECT_TIMEOUT)
                .build();
    }

    /**
     * Opens one connection and loads every script on it (SCRIPT LOAD is idempotent, so loading per connection
     * costs nothing in a run and makes a server restarted between runs ready at once).
     */
    @Override
    public SessionBackend connect() throws Exception {
        StatefulRedisConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE, uri);
        try {
            // Every command is written at once; the load generator's concurrency, not batching, fills the pipe.
            connection.setAutoFlushCommands(true);
            loadScripts(connection);
            return new RedisBackend(connection, lockIds);
        } catch (Exception | Error e) {
            connection.close();
            throw e;
        }
    }

    private static void loadScripts(StatefulRedisConnection<byte[], byte[]> connection) throws Exception {
        for (ProviderScript script : ProviderScript.values()) {
            String sha =
                    connection.async().scriptLoad(script.source()).get(CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!script.sha().equals(sha)) {
                throw new IllegalStateException(
                        "Redis named " + script.fileName() + " " + sha + ", expected " + script.sha());
            }
        }
    }

    /** The client's thread pools, for checking the one-core configuration. */
    ClientResources resources() {
        return resources;
    }

    @Override
    public IoTransport transport() {
        return IoTransport.ofSocketChannel(Transports.socketChannelClass());
    }

    /** Lettuce's own I/O loop, {@link #pacerLoop}. */
    @Override
    public ScheduledExecutorService pacer() {
        return pacerLoop;
    }

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public void close() {
        try {
            client.shutdown(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } finally {
            resources
                    .shutdown(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            ioThreads
                    .shutdown(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            computationThreads
                    .shutdownGracefully(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }
}
