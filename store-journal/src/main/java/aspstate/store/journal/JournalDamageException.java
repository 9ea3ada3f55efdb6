package aspstate.store.journal;

import java.nio.file.Path;

/**
 * A journal file is not what the manifest says or holds a damaged record before its end: the journal cannot be
 * replayed as it is. Says which file and where; {@code aspstate journal verify} explains, {@code repair} fixes.
 */
final class JournalDamageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String problem;

    JournalDamageException(Path file, long offset, String problem) {
        super(file + (offset > 0 ? " at offset " + offset : "") + ": " + problem, null, false, false);
        this.problem = problem;
    }

    /** What is wrong, without the file and offset. */
    String problem() {
        return problem;
    }
}
