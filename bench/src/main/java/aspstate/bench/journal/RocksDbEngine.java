package aspstate.bench.journal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * RocksDB as the file layer: the writers hand their sessions to one writer thread, which puts everything handed
 * since its last turn in one WriteBatch and writes it with a synced write-ahead log, then releases them.
 */
final class RocksDbEngine implements SyncedWrites.Engine {
    @Override
    public String name() {
        return "rocksdb";
    }

    /** One session handed to the writer thread. */
    private record Pending(byte[] key, byte[] value, CompletableFuture<Void> synced) {}

    @Override
    public SyncedWrites.Session open(Path directory) throws Exception {
        RocksDB.loadLibrary();
        Options options = new Options().setCreateIfMissing(true);
        RocksDB db = RocksDB.open(options, directory.toString());
        WriteOptions synced = new WriteOptions().setSync(true);
        LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
        Thread writer = new Thread(
                () -> {
                    List<Pending> turn = new ArrayList<>();
                    try {
                        while (!Thread.currentThread().isInterrupted()) {
                            Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                            if (first == null) {
                                continue;
                            }
                            turn.add(first);
                            queue.drainTo(turn);
                            try (WriteBatch batch = new WriteBatch()) {
                                for (Pending pending : turn) {
                                    batch.put(pending.key(), pending.value());
                                }
                                db.write(synced, batch);
                            }
                            turn.forEach(pending -> pending.synced().complete(null));
                            turn.clear();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (Exception e) {
                        turn.forEach(pending -> pending.synced().completeExceptionally(e));
                    }
                },
                "rocksdb-writer");
        writer.start();
        return new SyncedWrites.Session() {
            @Override
            public void writeSynced(String key, byte[] value) {
                CompletableFuture<Void> done = new CompletableFuture<>();
                queue.add(new Pending(key.getBytes(StandardCharsets.ISO_8859_1), value, done));
                done.join();
            }

            @Override
            public void close() throws InterruptedException {
                writer.interrupt();
                writer.join();
                synced.close();
                db.close();
                options.close();
            }
        };
    }
}
