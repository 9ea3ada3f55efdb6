package aspstate.server;

import aspstate.core.DurationText;
import aspstate.core.FatalErrors;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the server for real: starts it, prints the startup line, and blocks until Ctrl-C or SIGTERM (or, for a node
 * of a cluster, {@code aspstate cluster-stop}). A JVM shutdown hook then closes the listener (answers in flight
 * still go out) and the store, logs "stopped", and ends the process with status 0: being asked to stop is a normal
 * end, not the 130/143 the JVM would report. A fatal error ends it the same way with status 70
 * ({@link FatalErrors}), and a stop that takes longer than {@code --shutdown-timeout} is cut short.
 */
final class ServeUntilStopped implements ServeLauncher {
    private static final Logger LOG = LoggerFactory.getLogger(ServeUntilStopped.class);

    private final PrintStream out;
    private final long heapMaxBytes;
    private Duration shutdownTimeout;

    ServeUntilStopped(PrintStream out, long heapMaxBytes) {
        this.out = out;
        this.heapMaxBytes = heapMaxBytes;
    }

    @Override
    public int serve(ServeOptions options) {
        options.logFormat().apply();
        LogLevels.apply(options.logLevel());
        LOG.debug(
                "settings: {}, {}, {}",
                options.stateServer(),
                options.tds().map(Object::toString).orElse("tds off"),
                options.memoryStore());
        StartupWarnings.of(options, heapMaxBytes).forEach(LOG::warn);
        shutdownTimeout = options.shutdownTimeout();
        FatalErrors.prepare();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            FatalErrors.exitIfFatal(error, "thread", thread.getName());
            if (!FatalErrors.isFatal(error)) {
                LOG.error("thread {} ended by an unexpected failure", thread.getName(), error);
            }
        });
        RunningServer server = RunningServer.start(options);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, stopped), "aspstate-shutdown"));
        HangUpReload.install(options);
        server.whenStoppedByCluster(() -> {
            LOG.info("the whole cluster was stopped (aspstate cluster-stop); stopping");
            System.exit(0); // through the shutdown hook, as for SIGTERM
        });
        out.println(server.startupLine(Version.current()));
        out.flush();
        awaitUninterruptibly(stopped);
        return 0;
    }

    private void stop(RunningServer server, CountDownLatch stopped) {
        startWatchdog();
        int status = FatalErrors.exitStatus();
        try {
            String sessions = server.sessionsAtStop();
            server.close();
            LOG.info("stopped; {}", sessions);
        } catch (RuntimeException | Error e) {
            LOG.error("failed to stop cleanly", e);
            status = Math.max(status, 1);
        } finally {
            stopped.countDown();
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(status);
        }
    }

    /**
     * Stopping must end the process whatever state it is in (a store that does not answer, a heap so full that
     * collection takes every core): past the shutdown timeout the process is halted, with status 1.
     */
    private void startWatchdog() {
        Thread watchdog = new Thread(
                () -> {
                    try {
                        Thread.sleep(shutdownTimeout.toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                    LOG.error(
                            "did not stop within --{} {}; halting",
                            ServerOptions.SHUTDOWN_TIMEOUT,
                            DurationText.format(shutdownTimeout));
                    Runtime.getRuntime().halt(Math.max(1, FatalErrors.exitStatus()));
                },
                "aspstate-shutdown-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
