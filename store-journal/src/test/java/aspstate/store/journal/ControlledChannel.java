package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The journal's files as the journal sees them, with the disk under the test's control: syncs of data (what the
 * writer does for each batch of records; files are made with a sync of their metadata too, which is not held) are
 * counted and can be held until the test lets them go, and writes can fail as a full or broken disk fails them.
 */
final class ControlledChannel extends FileChannel {

    /** What every channel it opens does; one per test. */
    static final class Disk implements FileOpener {
        final AtomicInteger syncs = new AtomicInteger();
        /** Syncs wait for a permit while {@link #holdSyncs} is set. */
        final Semaphore syncPermits = new Semaphore(0);

        volatile boolean holdSyncs;
        /** When set, every write fails with this message. */
        final AtomicReference<String> writeFailure = new AtomicReference<>();
        /**
         * When set, writes past a file's header fail with this message: a disk that still has room for a new file's
         * first bytes (a segment's header) but not for records.
         */
        final AtomicReference<String> recordWriteFailure = new AtomicReference<>();
        /** When set, every write fails with this unchecked exception: a fault nobody expected, not the disk's. */
        final AtomicReference<RuntimeException> writeFault = new AtomicReference<>();
        /** When false, files cannot be mapped (as on a file system without shared mappings). */
        volatile boolean mappable = true;

        @Override
        public FileChannel open(Path file, OpenOption... options) throws IOException {
            return new ControlledChannel(FileChannel.open(file, options), this);
        }
    }

    private final FileChannel file;
    private final Disk disk;

    private ControlledChannel(FileChannel file, Disk disk) {
        this.file = file;
        this.disk = disk;
    }

    private void mayWrite() throws IOException {
        RuntimeException fault = disk.writeFault.get();
        if (fault != null) {
            throw fault;
        }
        String failure = disk.writeFailure.get();
        if (failure != null) {
            throw new IOException(failure);
        }
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (metaData) {
            mayWrite();
            file.force(true);
            return;
        }
        if (disk.holdSyncs) {
            disk.syncPermits.acquireUninterruptibly();
        }
        mayWrite();
        file.force(false);
        disk.syncs.incrementAndGet();
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        mayWrite();
        String failure = disk.recordWriteFailure.get();
        if (failure != null && position >= JournalFile.HEADER) {
            throw new IOException(failure);
        }
        return file.write(src, position);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        mayWrite();
        return file.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        mayWrite();
        return file.write(srcs, offset, length);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return file.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return file.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return file.read(dst, position);
    }

    @Override
    public long position() throws IOException {
        return file.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        file.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return file.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        file.truncate(size);
        return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return file.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        mayWrite();
        return file.transferFrom(src, position, count);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        if (!disk.mappable) {
            throw new UnsupportedOperationException("this disk maps no files");
        }
        return file.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return file.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return file.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        file.close();
    }
}
