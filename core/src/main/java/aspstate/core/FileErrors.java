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
import java.util.Locale;
import java.util.Map;

/**
 * Why a file could not be used, in the operating system's words ("no such file or directory", "permission denied",
 * "read-only file system"). Java keeps that text for most errors, but for the commonest ones it throws a subclass
 * whose message is only the path, and "cannot use /proc/x: /proc/x" tells an operator nothing.
 */
public final class FileErrors {
    private FileErrors() {
    }

    /** Java's exceptions that carry no reason of their own, with the error text the system gave. */
    private static final Map<Class<? extends FileSystemException>, String> SYSTEM_TEXT = Map.of(
            NoSuchFileException.class, "no such file or directory",
            AccessDeniedException.class, "permission denied",
            FileAlreadyExistsException.class, "file exists",
            NotDirectoryException.class, "not a directory",
            DirectoryNotEmptyException.class, "directory not empty",
            FileSystemLoopException.class, "too many levels of symbolic links");

    /** The cause alone, as the system's error text says it, in lower case: "no such file or directory". */
    public static String reason(IOException e) {
        for (Map.Entry<Class<? extends FileSystemException>, String> known : SYSTEM_TEXT.entrySet()) {
            if (known.getKey().isInstance(e)) {
                return known.getValue();
            }
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return lowerCaseFirst(fileSystem.getReason());
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * The cause, naming the file the system refused when it is not {@code asked} (a parent directory that is a
     * file, say): "no such file or directory", or "/data: not a directory".
     */
    public static String reason(IOException e, Path asked) {
        if (e instanceof FileSystemException fileSystem && fileSystem.getFile() != null
                && !Path.of(fileSystem.getFile()).equals(asked)) {
            return fileSystem.getFile() + ": " + reason(e);
        }
        return reason(e);
    }

    private static String lowerCaseFirst(String text) {
        return text.isEmpty() ? text : text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1);
    }
}
