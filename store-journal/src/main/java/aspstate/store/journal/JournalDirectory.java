package aspstate.store.journal;

import aspstate.core.FileErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A data directory opened for its journal: locked against a second server, checked, its journal replayed (a torn
 * tail cut off, damage refused), and a new segment started for what comes next. The caller puts the replayed entries
 * back where they belong and then starts the journal.
 */
public final class JournalDirectory implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JournalDirectory.class);
    /** Subdirectories an earlier version's Infinispan file stores left; this version cannot read them. */
    private static final List<String> EARLIER_FILE_STORES =
            List.of("stateserver", "sqlstate-sessions", "sqlstate-appids", "spstate-items", "aspstate-counters");

    private final DirectoryLock lock;
    private final Journal journal;
    /** What the replay found, until it is taken: the server runs for months, and this is every entry it held. */
    private Map<StoreKind, Map<String, Object>> replayed;

    private final long recordsReplayed;

    private JournalDirectory(DirectoryLock lock, Journal journal, Optional<Replay> replay) {
        this.lock = lock;
        this.journal = journal;
        this.replayed = replay.map(Replay::entries).orElse(Map.of());
        this.recordsReplayed = replay.map(Replay::records).orElse(0L);
    }

    /** @throws DataDirectoryException when the directory is in use, cannot be written, or its journal is damaged */
    public static JournalDirectory open(JournalSettings settings, JournalFormat format) {
        return open(settings, format, FileOpener.PLAIN);
    }

    static JournalDirectory open(JournalSettings settings, JournalFormat format, FileOpener files) {
        Path directory = settings.directory();
        DirectoryLock lock = DirectoryLock.take(directory);
        try {
            refuseEarlierLayout(directory);
            deleteSpares(directory);
            Optional<Manifest> manifest = Manifest.read(directory);
            if (manifest.isEmpty()) {
                refuseStrayFiles(directory);
                Segments segments = Segments.create(directory, files, format.id());
                return new JournalDirectory(lock, new Journal(settings, format, segments, 0), Optional.empty());
            }
            LOG.info("restoring sessions from {}", directory);
            Replay replay = Replay.of(directory, manifest.get(), Replay.Mode.START, format);
            replay.tornTail()
                    .ifPresent(torn -> LOG.warn(
                            "{}: cut off the torn end of the journal at offset {}: {} "
                                    + "byte(s), the start of {} record(s) a crash left unfinished (never acknowledged with --fsync "
                                    + "always)",
                            torn.file(),
                            torn.offset(),
                            torn.bytes(),
                            torn.frames()));
            removeLeftovers(directory, manifest.get());
            Segments segments =
                    Segments.start(directory, files, format.id(), replay.replayed(manifest.get()), replay.lastSeq());
            return new JournalDirectory(
                    lock, new Journal(settings, format, segments, replay.lastSeq()), Optional.of(replay));
        } catch (IOException e) {
            lock.close();
            throw new DataDirectoryException(
                    DataDirectoryException.Reason.UNUSABLE,
                    "cannot use " + directory + ": " + FileErrors.reason(e, directory),
                    e);
        } catch (JournalDamageException e) {
            lock.close();
            throw new DataDirectoryException(DataDirectoryException.Reason.DAMAGED, e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            lock.close();
            throw e;
        }
    }

    /** The journal, to start once the replayed entries are back in place. */
    public Journal journal() {
        return journal;
    }

    /**
     * What each store held when the journal was last written, expired entries included, handed over once: the
     * directory keeps no reference to it, so it goes once the caller has put the entries in place.
     */
    public Map<StoreKind, Map<String, Object>> takeReplayed() {
        Map<StoreKind, Map<String, Object>> taken = replayed;
        replayed = Map.of();
        return taken;
    }

    public long recordsReplayed() {
        return recordsReplayed;
    }

    /** An earlier version kept each store in an Infinispan file store; starting over them would hide them. */
    private static void refuseEarlierLayout(Path directory) {
        for (String name : EARLIER_FILE_STORES) {
            if (Files.isDirectory(directory.resolve(name))) {
                throw new DataDirectoryException(
                        DataDirectoryException.Reason.UNUSABLE,
                        directory + " holds the "
                                + "file stores of an earlier aspstate version (" + directory.resolve(name)
                                + "), which this "
                                + "version does not read: move them elsewhere to start with an empty journal",
                        null);
            }
        }
    }

    /** Journal files without a manifest: the manifest was lost, and starting empty would hide what they hold. */
    private static void refuseStrayFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            Optional<Path> stray = files.filter(JournalDirectory::isJournalFile).findFirst();
            if (stray.isPresent()) {
                throw new DataDirectoryException(
                        DataDirectoryException.Reason.DAMAGED,
                        directory + " holds journal "
                                + "files (" + stray.get().getFileName() + ") but no " + Manifest.FILE
                                + ": it was deleted; "
                                + "'aspstate journal repair " + directory + "' writes a new one from the files",
                        null);
            }
        }
    }

    /** Segments made ahead and not taken before the last stop: made again as needed. */
    private static void deleteSpares(Path directory) throws IOException {
        List<Path> spares;
        try (Stream<Path> files = Files.list(directory)) {
            spares = files.filter(Spares::isSpare).toList();
        }
        for (Path spare : spares) {
            Files.delete(spare);
        }
    }

    /** Files of a rewrite that a crash interrupted: no manifest names them. */
    private static void removeLeftovers(Path directory, Manifest manifest) throws IOException {
        Set<String> named = Segments.names(manifest);
        List<Path> leftovers = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> isJournalFile(file)
                            && !named.contains(file.getFileName().toString()))
                    .forEach(leftovers::add);
        }
        Files.deleteIfExists(directory.resolve(Manifest.FILE + ".new"));
        for (Path leftover : leftovers) {
            Files.delete(leftover);
        }
        if (!leftovers.isEmpty()) {
            LOG.info("{}: removed {} file(s) an interrupted rewrite left", directory, leftovers.size());
        }
    }

    static boolean isJournalFile(Path file) {
        return file.getFileName().toString().matches("(segment|base)-\\d{16}\\.(log|snap)");
    }

    /** Writes and syncs what is pending, closes the journal and releases the directory. */
    @Override
    public void close() {
        try {
            journal.close();
        } finally {
            lock.close();
        }
    }
}
