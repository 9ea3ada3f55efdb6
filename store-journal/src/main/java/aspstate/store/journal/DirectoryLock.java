package aspstate.store.journal;

import aspstate.core.FileErrors;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The data directory's own lock, taken before anything in it is opened, so that a second server on the same
 * directory is refused at once with a clear reason. An operating-system lock: a killed process leaves none behind.
 */
public final class DirectoryLock implements AutoCloseable {
    static final String FILE = "aspstate.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** @throws DataDirectoryException when another process holds the lock or the directory cannot be used */
    public static DirectoryLock take(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (FileAlreadyExistsException e) {
            throw unusable(directory + " is not a directory", e);
        } catch (IOException e) {
            throw unusable("cannot create " + directory + ": " + FileErrors.reason(e, directory), e);
        }
        Path file = directory.resolve(FILE);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw inUse(directory, null);
            }
            return new DirectoryLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            close(channel);
            throw inUse(directory, e);
        } catch (IOException e) {
            close(channel);
            throw unusable("cannot write " + file + ": " + FileErrors.reason(e, file), e);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    private static DataDirectoryException unusable(String message, IOException cause) {
        return new DataDirectoryException(DataDirectoryException.Reason.UNUSABLE, message, cause);
    }

    private static DataDirectoryException inUse(Path directory, Throwable cause) {
        return new DataDirectoryException(
                DataDirectoryException.Reason.IN_USE, directory + " is in use by another running aspstate", cause);
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
