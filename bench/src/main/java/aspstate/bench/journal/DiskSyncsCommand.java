package aspstate.bench.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code disk-syncs}: how many {@code fdatasync} a second the disk under a directory gives, from one thread and from
 * several syncing one file at once, each writing into a part of the file made ahead of time as the journal's
 * segments are. The journal syncs from one thread; whether overlapping syncs would shorten its waits is this
 * figure.
 */
@Command(
        name = "disk-syncs",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        description = "Syncs a second (a write of BYTES, then fdatasync) into one prepared file, from 1 thread and "
                + "then from each count in --threads, and the CPU each sync takes.")
public final class DiskSyncsCommand implements Callable<Integer> {
    @Option(names = "--dir", description = "where the file is made (a new temporary directory by default)")
    Path directory;

    @Option(names = "--threads", split = ",", defaultValue = "1,2,4", description = "thread counts, in turn")
    List<Integer> threads;

    @Option(names = "--bytes", defaultValue = "16384", description = "bytes written before each sync")
    int bytes;

    @Option(names = "--seconds", defaultValue = "3", description = "how long each thread count runs")
    int seconds;

    @Spec
    CommandSpec spec;

    /**
     * The syncing threads' CPU, kernel time included: what a sync costs a server whose journal shares a core with its
     * event loops.
     */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** Each thread's part of the file, written round and round. */
    private static final long PART_BYTES = 64L << 20;

    @Override
    public Integer call() throws Exception {
        Path where = directory != null
                ? Files.createDirectories(directory)
                : Files.createTempDirectory("aspstate-disk-syncs");
        Path file = where.resolve("syncs.dat");
        int most = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            prepare(channel, most * PART_BYTES);
            for (int count : threads) {
                LongAdder cpuNanos = new LongAdder();
                long syncs = run(channel, count, cpuNanos);
                spec.commandLine()
                        .getOut()
                        .printf(
                                "%d thread(s): %,d syncs/s, %.3f ms a sync per thread, %.1f us of CPU a sync%n",
                                count,
                                syncs / seconds,
                                1000.0 * seconds * count / Math.max(1, syncs),
                                cpuNanos.sum() / 1000.0 / Math.max(1, syncs));
            }
        } finally {
            Files.deleteIfExists(file);
            if (directory == null) {
                Files.deleteIfExists(where);
            }
        }
        return 0;
    }

    /** Zeros written and synced, so that the syncs measured change no file metadata, as in a journal segment. */
    private static void prepare(FileChannel channel, long length) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
        for (long at = 0; at < length; at += zeros.capacity()) {
            zeros.clear();
            channel.write(zeros, at);
        }
        channel.force(true);
    }

    private long run(FileChannel channel, int count, LongAdder cpuNanos) throws InterruptedException {
        LongAdder syncs = new LongAdder();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long start = i * PART_BYTES;
            Thread thread = new Thread(
                    () -> {
                        long cpuBefore = CPU.getCurrentThreadCpuTime();
                        syncUntil(channel, start, end, syncs);
                        cpuNanos.add(CPU.getCurrentThreadCpuTime() - cpuBefore);
                    },
                    "disk-syncs-" + i);
            thread.start();
            running.add(thread);
        }
        for (Thread thread : running) {
            thread.join();
        }
        return syncs.sum();
    }

    private void syncUntil(FileChannel channel, long start, long end, LongAdder syncs) {
        ByteBuffer data = ByteBuffer.allocateDirect(bytes);
        long at = start;
        try {
            while (System.nanoTime() < end) {
                data.clear();
                channel.write(data, at);
                channel.force(false);
                syncs.increment();
                // Round the part again when it is full: the blocks are written already, as a reused segment's are.
                at = at + 2L * bytes <= start + PART_BYTES ? at + bytes : start;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
