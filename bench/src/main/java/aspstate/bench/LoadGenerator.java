package aspstate.bench;

import aspstate.core.DurationText;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Replays a farm's page traffic against one target: connects, pre-loads the live sessions, runs closed-loop (or
 * paced, or open-loop) page workers through a warm-up and a measured phase, and prints a progress line every second.
 * Every run is bounded by its duration (and optionally a page count) and stops by itself.
 */
public final class LoadGenerator {
    /** How long in-flight pages may take to finish once the run stops. */
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(30);

    private final BackendFactory factory;
    private final Workload workload;
    private final PrintStream progress;
    private final Duration progressEvery;
    private final AtomicLong freshIds = new AtomicLong();
    /** Measured pages started so far: with --pages, workers stop claiming once the budget is used up. */
    private final AtomicLong measuredStarts = new AtomicLong();

    private final Metrics measured = new Metrics();
    /** Pages started and not yet answered, all workers together. */
    private final AtomicInteger pagesInFlight = new AtomicInteger();
    /** The most pages in flight at once in the measured phase. */
    private final AtomicInteger mostPagesInFlight = new AtomicInteger();
    /** Open loop: each worker's share of --max-in-flight, at least one. */
    private final int maxInFlightEach;

    /** {@code progressEvery}: how often a progress line is printed; each covers the time since the last one. */
    public LoadGenerator(BackendFactory factory, Workload workload, PrintStream progress, Duration progressEvery) {
        if (progressEvery.toMillis() < 1) {
            throw new IllegalArgumentException("--progress-every must be at least 1 ms");
        }
        this.factory = factory;
        this.workload = workload;
        this.progress = progress;
        this.progressEvery = progressEvery;
        this.maxInFlightEach = Math.max(1, workload.maxInFlight() / workload.workers());
    }

    public RunResult run(String targetName) throws Exception {
        List<SessionBackend> connections = new ArrayList<>();
        try {
            for (int i = 0; i < workload.connections(); i++) {
                connections.add(factory.connect());
            }
            preload(connections);
            return measure(targetName, connections, factory.pacer());
        } finally {
            connections.forEach(SessionBackend::close);
        }
    }

    private void preload(List<SessionBackend> connections) throws InterruptedException {
        int total = workload.sessions();
        if (total == 0 || !workload.preload() || !workload.mix().usesPreloadedSessions()) {
            return;
        }
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        SplittableRandom random = new SplittableRandom(workload.seed());
        int window = workload.preloadDepth();
        CountDownLatch finished = new CountDownLatch(connections.size() * window);
        for (SessionBackend connection : connections) {
            for (int w = 0; w < window; w++) {
                new Preloader(connection, workload.payload().next(random), next, done, failed, finished).next();
            }
        }
        long start = System.nanoTime();
        long lastDone = 0;
        long lastAnswer = start;
        while (!finished.await(1, TimeUnit.SECONDS)) {
            long now = System.nanoTime();
            progress.printf(
                    Locale.ROOT, "preload %,d / %,d sessions (%.0f s)%n", done.get(), total, (now - start) / 1e9);
            if (done.get() != lastDone) {
                lastDone = done.get();
                lastAnswer = now;
            } else if (now - lastAnswer >= workload.preloadStall().toNanos()) {
                // A server that reads one request at a time and drops what came with it never answers the rest.
                throw new IllegalStateException(String.format(
                        Locale.ROOT,
                        "pre-loading stalled: no answer for %s "
                                + "with %d writes in flight per connection (%,d of %,d sessions written); a target that "
                                + "does not answer pipelined requests needs --preload-depth 1",
                        DurationText.format(workload.preloadStall()),
                        window,
                        lastDone,
                        total));
            }
        }
        if (failed.get() > 0) {
            throw new IllegalStateException("pre-loading failed for " + failed.get() + " of " + total
                    + " sessions: is the target full (max-memory) or not a session store?");
        }
        progress.printf(Locale.ROOT, "preload %,d sessions done in %.1f s%n", total, (System.nanoTime() - start) / 1e9);
    }

    /** One of the pre-load windows: writes the next unwritten session until all are written. */
    private final class Preloader {
        private final SessionBackend connection;
        private final byte[] payload;
        private final AtomicLong next;
        private final AtomicLong done;
        private final AtomicLong failed;
        private final CountDownLatch finished;

        Preloader(
                SessionBackend connection,
                byte[] payload,
                AtomicLong next,
                AtomicLong done,
                AtomicLong failed,
                CountDownLatch finished) {
            this.connection = connection;
            this.payload = payload;
            this.next = next;
            this.done = done;
            this.failed = failed;
            this.finished = finished;
        }

        void next() {
            while (true) {
                long index = next.getAndIncrement();
                if (index >= workload.sessions()) {
                    finished.countDown();
                    return;
                }
                CompletableFuture<Reply> write = connection.set(SessionIds.preloaded(index), payload);
                if (!write.isDone()) {
                    write.whenComplete((reply, error) -> {
                        count(reply, error);
                        next();
                    });
                    return;
                }
                count(write.getNow(Reply.ERROR), null);
            }
        }

        private void count(Reply reply, Throwable error) {
            done.incrementAndGet();
            if (error != null || !reply.isOk()) {
                failed.incrementAndGet();
            }
        }
    }

    private RunResult measure(String targetName, List<SessionBackend> connections, ScheduledExecutorService pacer)
            throws InterruptedException {
        Metrics warmup = new Metrics();
        AtomicReference<Metrics> phase = new AtomicReference<>(workload.warmup().isZero() ? measured : warmup);
        CountDownLatch stopped = new CountDownLatch(workload.workers());
        List<Worker> workers = new ArrayList<>();
        long intervalNanos = workload.rate() > 0 ? (long) (workload.workers() * 1e9 / workload.rate()) : 0;
        long begin = System.nanoTime();
        if (workload.warmup().isZero()) {
            scheduleStart = begin;
        }
        for (int i = 0; i < workload.workers(); i++) {
            SessionBackend connection = connections.get(i % connections.size());
            // Spread paced workers over one interval so that they do not all fire at once.
            long offset = intervalNanos == 0 ? 0 : intervalNanos * i / workload.workers();
            workers.add(new Worker(
                    new PageRunner(connection, phase),
                    phase,
                    new SplittableRandom(workload.seed() + i + 1),
                    intervalNanos,
                    offset,
                    pacer,
                    stopped));
        }
        // Every page starts on the pacer, the first ones too: on the loop that reads the answers
        // (BackendFactory#pacer).
        workers.forEach(worker -> pacer.execute(worker::next));

        long warmupEnd = begin + workload.warmup().toNanos();
        long measureStart = workload.warmup().isZero() ? begin : Long.MAX_VALUE;
        long nextLine = begin + progressEvery.toNanos();
        long end = Long.MAX_VALUE;
        while (true) {
            long now = System.nanoTime();
            if (measureStart == Long.MAX_VALUE && now >= warmupEnd) {
                // The warm-up's last line, whatever the period: its errors count as much as the measured ones.
                printProgress(warmup, "warm-up", now - begin);
                scheduleStart = now;
                phase.set(measured);
                measureStart = now;
                // The measured phase's lines each cover one whole period of it, the first from its start.
                nextLine = now + progressEvery.toNanos();
                lastLineNanos = now - begin;
            }
            boolean measuring = measureStart != Long.MAX_VALUE;
            if (now >= nextLine) {
                printProgress(phase.get(), measuring ? "measure" : "warm-up", now - begin);
                nextLine += progressEvery.toNanos();
            }
            if (measuring && (now - measureStart >= workload.duration().toNanos() || pageBudgetUsed())) {
                end = now;
                break;
            }
            if (stopped.getCount() == 0 && !pageBudgetUsed()) {
                throw new IllegalStateException("all workers stopped before the run ended");
            }
            stopped.await(20, TimeUnit.MILLISECONDS);
        }
        // Pages still in flight are counted in a throw-away phase, so the result covers exactly [start, end).
        phase.set(new Metrics());
        workers.forEach(Worker::stop);
        if (!stopped.await(DRAIN_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            progress.printf(
                    "warning: %d workers still waiting for answers after %d s; closing%n",
                    stopped.getCount(), DRAIN_LIMIT.toSeconds());
        }
        measured.harvest();
        warmup.harvest();
        return new RunResult(
                targetName, workload, Duration.ofNanos(end - measureStart), measured, mostPagesInFlight.get());
    }

    private boolean pageBudgetUsed() {
        return workload.maxPages() > 0 && measured.pages() >= workload.maxPages();
    }

    /** False once --pages measured pages have been started; warm-up pages are not counted. */
    private boolean claimPage(Metrics current) {
        return workload.maxPages() == 0
                || current != measured
                || measuredStarts.incrementAndGet() <= workload.maxPages();
    }

    /**
     * When the paced schedule begins: the measured phase's start. The warm-up runs unpaced, as fast as the target
     * answers, so that a backlog built while the JIT compiles is never carried into what is measured.
     */
    private volatile long scheduleStart;

    private long lastPages;
    private long lastRequests;
    private long lastLineNanos;
    private Metrics lastPhase;

    /** One line on the time since the previous line: rates per second, page latency, errors so far. */
    private void printProgress(Metrics metrics, String phaseName, long elapsedNanos) {
        if (metrics != lastPhase) {
            lastPages = 0;
            lastRequests = 0;
            lastPhase = metrics;
        }
        Histogram interval = metrics.harvest();
        long pages = metrics.pages();
        long requests = metrics.requests();
        double seconds = Math.max(1e-3, (elapsedNanos - lastLineNanos) / 1e9);
        progress.printf(
                Locale.ROOT,
                "[%5.0fs] %-7s pages/s %,9.0f  req/s %,9.0f  page p50 %7.3f ms  p99 %7.3f ms"
                        + "  errors %,d  conflicts %,d%n",
                elapsedNanos / 1e9,
                phaseName,
                (pages - lastPages) / seconds,
                (requests - lastRequests) / seconds,
                interval.getValueAtPercentile(50) / 1000.0,
                interval.getValueAtPercentile(99) / 1000.0,
                metrics.errors(),
                metrics.conflicts());
        lastPages = pages;
        lastRequests = requests;
        lastLineNanos = elapsedNanos;
    }

    /**
     * One simulated browser tab: runs pages one after another until told to stop. Open loop, it starts them on its
     * schedule without waiting for the earlier ones' answers; its chain of starts then runs only on the pacer,
     * and answers only count.
     */
    private final class Worker {
        private final PageRunner runner;
        private final AtomicReference<Metrics> phase;
        private final SplittableRandom random;
        private final long intervalNanos;
        private final long offsetNanos;
        private final ScheduledExecutorService pacer;
        private final CountDownLatch stopped;
        /** The next page's start on the paced schedule, once it has begun for this worker. */
        private long intendedStart;

        private boolean scheduled;
        private volatile boolean stopping;
        /** This worker's open-loop pages in flight, plus one until its chain of starts has ended. */
        private final AtomicInteger outstanding = new AtomicInteger(1);
        /** Open loop: the chain stopped at --max-in-flight and the next answer must restart it. */
        private final AtomicBoolean waitingForRoom = new AtomicBoolean();

        Worker(
                PageRunner runner,
                AtomicReference<Metrics> phase,
                SplittableRandom random,
                long intervalNanos,
                long offsetNanos,
                ScheduledExecutorService pacer,
                CountDownLatch stopped) {
            this.runner = runner;
            this.phase = phase;
            this.random = random;
            this.intervalNanos = intervalNanos;
            this.offsetNanos = offsetNanos;
            this.pacer = pacer;
            this.stopped = stopped;
        }

        void stop() {
            stopping = true;
        }

        /**
         * Starts pages until one is still in flight (its completion calls back here), until the schedule says wait
         * (the pacer calls back), or until the run stops. Open loop, only the pacer and the answer that makes room
         * under --max-in-flight call back.
         */
        void next() {
            while (!stopping) {
                Metrics pagePhase = phase.get();
                long now = System.nanoTime();
                boolean paced = intervalNanos > 0 && pagePhase == measured;
                if (paced && !scheduled) {
                    intendedStart = scheduleStart + offsetNanos;
                    scheduled = true;
                }
                if (paced && now < intendedStart) {
                    pacer.schedule(this::next, intendedStart - now, TimeUnit.NANOSECONDS);
                    return;
                }
                if (!roomForAPage(pagePhase)) {
                    return;
                }
                if (!claimPage(pagePhase)) {
                    break;
                }
                // Paced: latency counts from when the page should have started (no coordinated omission).
                long start = paced ? intendedStart : now;
                if (paced) {
                    intendedStart += intervalNanos;
                }
                int inFlight = pagesInFlight.incrementAndGet();
                if (pagePhase == measured) {
                    mostPagesInFlight.accumulateAndGet(inFlight, Math::max);
                }
                // A page counts in the phase it started in, so a page limit is met exactly.
                if (isOpen(pagePhase)) {
                    outstanding.incrementAndGet();
                    startPage().whenComplete((ignored, error) -> {
                        answered(pagePhase, start);
                        // Counted out before the chain is woken, so that the woken chain sees the room this made
                        // (woken first, it could find none, park again, and never be woken). A parked chain holds
                        // its own count, so this is never the last while one waits.
                        if (!finishOne() && waitingForRoom.compareAndSet(true, false)) {
                            pacer.execute(this::next);
                        }
                    });
                    continue;
                }
                CompletableFuture<Void> page = startPage();
                if (!page.isDone()) {
                    page.whenComplete((ignored, error) -> {
                        answered(pagePhase, start);
                        next();
                    });
                    return;
                }
                answered(pagePhase, start);
            }
            finishOne();
        }

        private boolean isOpen(Metrics pagePhase) {
            return workload.openLoop() && pagePhase == measured;
        }

        private void answered(Metrics startedIn, long start) {
            startedIn.page(start, System.nanoTime());
            pagesInFlight.decrementAndGet();
        }

        /**
         * Open loop: false when this worker has its share of --max-in-flight pages in flight; the next answer then
         * calls back. Looked at again after saying so, so that an answer in between is not missed (if it saw the
         * flag, it has called back itself).
         */
        private boolean roomForAPage(Metrics pagePhase) {
            if (!isOpen(pagePhase) || pagesOfMine() < maxInFlightEach) {
                return true;
            }
            waitingForRoom.set(true);
            return pagesOfMine() < maxInFlightEach && waitingForRoom.compareAndSet(true, false);
        }

        /** Open loop: this worker's pages in flight (outstanding counts the running chain too). */
        private int pagesOfMine() {
            return outstanding.get() - 1;
        }

        /**
         * Counts out the chain or an open-loop page; the worker has stopped once its chain has ended and its last
         * page has been answered.
         *
         * @return whether that was the last, so the worker has stopped
         */
        private boolean finishOne() {
            if (outstanding.decrementAndGet() == 0) {
                stopped.countDown();
                return true;
            }
            return false;
        }

        private CompletableFuture<Void> startPage() {
            PageKind kind = workload.mix().next(random);
            String id = kind == PageKind.NEW_VISITOR || kind == PageKind.OP_INSERT
                    ? SessionIds.fresh(freshIds.getAndIncrement())
                    : SessionIds.preloaded(random.nextInt(Math.max(1, workload.sessions())));
            return runner.run(kind, id, workload.payload().next(random));
        }
    }
}
