package aspstate.bench.journal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code journal-engines}: the file layer under durability, compared on its own: writers that each append a session
 * and wait until it is synced, in a closed loop, against aspstate's journal and against RocksDB (a WriteBatch per
 * turn of one writer thread, its write-ahead log synced), alternating, in one run.
 */
@Command(
        name = "journal-engines",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        description = "Compare aspstate's journal with RocksDB as the file layer of a durable store: writers append "
                + "a session each and wait for its sync, in a closed loop.")
public final class JournalEnginesCommand implements Callable<Integer> {
    @Option(names = "--writers", defaultValue = "32", description = "writers, each with one write in flight")
    int writers;

    @Option(names = "--payload", defaultValue = "1024", description = "bytes of each session")
    int payload;

    @Option(names = "--sessions", defaultValue = "100000", description = "distinct sessions written over")
    int sessions;

    @Option(names = "--duration", defaultValue = "10s", description = "measured time per engine and round")
    Duration duration;

    @Option(names = "--warmup", defaultValue = "5s", description = "unmeasured time before each measure")
    Duration warmup;

    @Option(names = "--rounds", defaultValue = "3", description = "rounds, each engine once per round")
    int rounds;

    @Option(names = "--dir", description = "where the engines write (a new temporary directory by default)")
    Path directory;

    @Override
    public Integer call() throws Exception {
        Path root = directory != null
                ? Files.createDirectories(directory)
                : Files.createTempDirectory("aspstate-journal-engines");
        List<SyncedWrites.Engine> engines = List.of(new JournalEngine(), new RocksDbEngine());
        System.out.printf("%-8s %-10s %12s %10s %10s%n", "round", "engine", "writes/s", "p50 ms", "p99 ms");
        double[][] rates = new double[engines.size()][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int e = 0; e < engines.size(); e++) {
                SyncedWrites.Engine engine = engines.get(e);
                Path where = root.resolve(engine.name() + "-" + round);
                SyncedWrites.Result result =
                        new SyncedWrites(writers, payload, sessions).run(engine, where, warmup, duration);
                rates[e][round] = result.writesPerSecond();
                System.out.printf(
                        "%-8d %-10s %12.0f %10.3f %10.3f%n",
                        round + 1, engine.name(), result.writesPerSecond(), result.p50Millis(), result.p99Millis());
            }
        }
        System.out.printf("journal/rocksdb synced writes ratio: %.2f%n", median(rates[0]) / median(rates[1]));
        return 0;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
