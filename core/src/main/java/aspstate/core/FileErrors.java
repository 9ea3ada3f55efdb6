package aspstate.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Why a file could not be used, in the operating system's words, as strerror gives them ("No such file or
 * directory", "Permission denied", "Read-only file system"). Java keeps that text for most errors, but for the commonest ones it throws a subclass
 * whose message is only the path, and "cannot use /proc/x: /proc/x" tells an operator nothing.
 */
public final class FileErrors {
    private FileErrors() {}

    /** Java's exceptions that carry no reason of their own, with the error text the system gave. */
    private static final Map<Class<? extends FileSystemException>, String> SYSTEM_TEXT = Map.of(
            NoSuchFileException.class, "No such file or directory",
            AccessDeniedException.class, "Permission denied",
            FileAlreadyExistsException.class, "File exists",
            NotDirectoryException.class, "Not a directory",
            DirectoryNotEmptyException.class, "Directory not empty",
            FileSystemLoopException.class, "Too many levels of symbolic links");

    /** The cause alone, as the system's error text says it: "No such file or directory". */
    public static String reason(IOException e) {
        for (Map.Entry<Class<? extends FileSystemException>, String> known : SYSTEM_TEXT.entrySet()) {
            if (known.getKey().isInstance(e)) {
                return known.getValue();
            }
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * The cause, naming the file the system refused when it is not {@code asked} (a parent directory that is a
     * file, say): "No such file or directory", or "/data: Not a directory".
     */
    public static String reason(IOException e, Path asked) {
        if (e instanceof FileSystemException fileSystem
                && fileSystem.getFile() != null
                && !Path.of(fileSystem.getFile()).equals(asked)) {
            return fileSystem.getFile() + ": " + reason(e);
        }
        return reason(e);
    }
}
