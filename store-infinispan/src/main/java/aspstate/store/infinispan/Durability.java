package aspstate.store.infinispan;

import aspstate.store.journal.Fsync;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the stores keep their files ({@code --data-dir}) and when a write counts as done ({@code --fsync}).
 *
 * @param directory the data directory; each store keeps a file store of its own under it
 * @param fsync     {@link Fsync#ALWAYS}: a write is answered once it is on disk (fsync, grouped across concurrent
 *                  writes), so a power loss loses nothing answered; otherwise once it is in the operating system's
 *                  hands, so a crash of the process loses nothing but a power loss or kernel crash can lose the
 *                  writes of the last seconds that the system had not yet flushed
 */
public record Durability(Path directory, Fsync fsync) {
    public Durability {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(fsync, "fsync");
    }
}
