package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappingTest {
    @TempDir
    Path directory;

    @Test
    void onlyFileSystemsThatOverwriteInPlaceHaveTheirSegmentsMapped() {
        assertThat(Mapping.IN_PLACE)
                .contains("ext4", "xfs", "tmpfs")
                .as("copy-on-write: an overwrite needs new blocks, which a full disk has not")
                .doesNotContain("btrfs", "zfs", "bcachefs");
        assertThat(Mapping.allowedIn(directory.resolve("missing")))
                .as("a file system that cannot be told")
                .isFalse();
    }

    @Test
    void aFileShorterThanASegmentIsNotMappedAndAFullOneIsWrittenThrough() throws IOException {
        Path file = directory.resolve("segment");
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(4096), 0);
            assertThat(Mapping.of(channel, 8192))
                    .as("its space is not all there")
                    .isNull();

            channel.write(ByteBuffer.allocate(4096), 4096);
            Mapping mapping = Mapping.of(channel, 8192);
            assertThat(mapping).isNotNull();
            mapping.at(5000).put(new byte[] {7, 8, 9});
        }
        byte[] read = Files.readAllBytes(file);
        assertThat(read[5000])
                .as("the store is the file's, read through the page cache")
                .isEqualTo((byte) 7);
        assertThat(read[5002]).isEqualTo((byte) 9);
    }
}
