package aspstate.store.infinispan;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The data directory's own lock, taken before Infinispan opens anything in it, so that a second server on the same
 * directory is refused at once with a clear reason (Infinispan's file stores would refuse too, after pages of
 * stack traces). An operating-system lock: a killed process leaves none behind.
 */
final class DirectoryLock implements AutoCloseable {
    static final String FILE = "aspstate.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DirectoryLock take(Path directory) {
        FileChannel channel = null;
        try {
            Files.createDirectories(directory);
            channel = FileChannel.open(directory.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw inUse(directory, null);
            }
            return new DirectoryLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            close(channel);
            throw inUse(directory, e);
        } catch (AccessDeniedException e) {
            close(channel);
            throw new StoreStartException(StoreStartException.Reason.DATA_DIRECTORY_UNUSABLE,
                    "not permitted to use " + directory, e);
        } catch (IOException e) {
            close(channel);
            throw new StoreStartException(StoreStartException.Reason.DATA_DIRECTORY_UNUSABLE,
                    "cannot use " + directory + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    private static StoreStartException inUse(Path directory, Throwable cause) {
        return new StoreStartException(StoreStartException.Reason.DATA_DIRECTORY_IN_USE,
                directory + " is in use by another running aspstate", cause);
    }

    private static void close(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing more to release
            }
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it anyway
        }
        close(channel);
    }
}
