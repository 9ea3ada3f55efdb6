package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A segment made ahead, mapped into memory whole, so that records are copied straight into the file's pages in the
 * page cache. What is copied there belongs to the kernel at once: a process killed after its answer went out leaves
 * the record to be written, as a {@code write} into the page cache would, without a system call per turn, and so
 * without holding the answers until the turn's records are written. A sync of the file ({@code fdatasync}) writes
 * the mapped pages like any other.
 *
 * <p>Only a file that already has all its space is mapped, on a file system that writes over a file's blocks in place
 * ({@link #IN_PLACE}): a store into a mapped page the file system cannot give a block to (a hole, or a block a
 * copy-on-write file system such as btrfs or ZFS must copy, on a full disk) is a fault, not an error a write could
 * return. Elsewhere the records are written with {@code write}, which returns that error. (A file that shares its
 * blocks with a copy, as {@code cp --reflink} makes on XFS, is copy-on-write there too: a data directory restored so
 * could, on a full disk, fault in a segment reused from the copy. The journal's own files never share blocks.)
 *
 * <p>The pages are unmapped when the collector finds the buffer unreachable, the only way Java 17 has (the way
 * around it, {@code sun.misc.Unsafe.invokeCleaner}, warns on every start from Java 24 on). Until then a closed
 * segment stays mapped, which costs address space only: a segment is cut to its records' length when it is closed,
 * and a file that may still be mapped is emptied before it is deleted ({@link #delete}), so the pages past its end
 * are gone and its blocks are freed at once, not when the collector, perhaps minutes later on an idle server, finds
 * the buffer.
 */
final class Mapping {
    private static final Logger LOG = LoggerFactory.getLogger(Mapping.class);

    /** File systems whose overwrites of a file's written blocks take no new space (as {@code /proc/mounts} names them). */
    static final Set<String> IN_PLACE = Set.of("ext2", "ext3", "ext4", "xfs", "tmpfs");

    private final MappedByteBuffer pages;

    private Mapping(MappedByteBuffer pages) {
        this.pages = pages;
    }

    /** True when segments in {@code directory} may be mapped: its file system writes over blocks in place. */
    static boolean allowedIn(Path directory) {
        try {
            return IN_PLACE.contains(Files.getFileStore(directory).type());
        } catch (IOException e) {
            LOG.debug("could not tell the file system of {} ({}): segments are not mapped", directory, e.toString());
            return false;
        }
    }

    /** The first {@code size} bytes of {@code channel} mapped, or null when it is shorter or cannot be mapped. */
    static Mapping of(FileChannel channel, long size) {
        try {
            if (channel.size() < size) {
                return null;
            }
            return new Mapping(channel.map(FileChannel.MapMode.READ_WRITE, 0, size));
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("could not map a journal segment ({}): its records are written with write()", e.toString());
            return null;
        }
    }

    /**
     * Deletes {@code file}, emptied first: a deleted file keeps its blocks while any mapping of it lasts, and a
     * segment's mapping lasts until the collector finds it.
     */
    static void delete(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(0);
        } catch (NoSuchFileException e) {
            return;
        }
        Files.deleteIfExists(file);
    }

    /** The pages positioned at {@code position}; whoever writes them owns the buffer's position meanwhile. */
    ByteBuffer at(long position) {
        return pages.position((int) position);
    }
}
