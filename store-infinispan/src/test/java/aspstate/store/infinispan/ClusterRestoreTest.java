package aspstate.store.infinispan;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.testing.Await;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalDirectory;
import aspstate.store.journal.JournalSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.manager.DefaultCacheManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start of the members of a whole cluster that stopped, one after the other, each with its journal: what each
 * says in the markers that tell the others whether it serves. Their markers share one cache here, as the replicated
 * cache of the real members gives each the same view.
 */
class ClusterRestoreTest {
    @TempDir
    Path directory;

    private final DefaultCacheManager manager = new DefaultCacheManager();
    private final List<JournalDirectory> journals = new ArrayList<>();
    private TestCluster cluster;

    @AfterEach
    void close() {
        journals.forEach(JournalDirectory::close);
        manager.stop();
    }

    /**
     * A member that merged its journal first waits for the others, and one that comes after it must not take it for
     * a running cluster: with four or more members, sessions whose owners have not merged theirs yet would be read as
     * missing, and written over.
     */
    @Test
    void aMemberThatMergedItsJournalFirstIsNotTakenForARunningCluster() throws IOException {
        cluster = TestCluster.ofThree("restore");
        manager.defineConfiguration(ClusterRestore.SERVING_CACHE, new ConfigurationBuilder().build());
        Cache<String, Boolean> markers = manager.getCache(ClusterRestore.SERVING_CACHE);

        CompletableFuture<Void> first = restore(0);
        Await.until("the first merged its journal", () -> markers.containsKey(name(0)));
        CompletableFuture<Void> third = restore(2);
        Await.until("the third merged its journal", () -> markers.containsKey(name(2)));
        assertThat(markers.get(name(2)))
                .as("the third does not serve while the second has not merged its journal")
                .isNotEqualTo(ClusterRestore.SERVES);
        assertThat(first).isNotDone();
        assertThat(third).isNotDone();

        CompletableFuture<Void> second = restore(1);
        CompletableFuture.allOf(first, second, third)
                .orTimeout(30, TimeUnit.SECONDS)
                .join();
        for (int member = 0; member < 3; member++) {
            assertThat(markers.get(name(member))).as("member %d serves", member).isEqualTo(ClusterRestore.SERVES);
        }
    }

    /** Member {@code index}'s start, on a thread of its own, every member of the cluster present. */
    private CompletableFuture<Void> restore(int index) throws IOException {
        Path data = directory.resolve("member-" + index);
        JournalDirectory journal =
                JournalDirectory.open(new JournalSettings(data, Fsync.OFF), ClusterJournalFormat.INSTANCE);
        journals.add(journal);
        Set<String> everyMember = new LinkedHashSet<>();
        for (int member = 0; member < 3; member++) {
            everyMember.add(name(member));
        }
        ClusterRestore restore = new ClusterRestore(
                manager, cluster.member(index), Duration.ofSeconds(30), () -> everyMember, new ManualClock(0));
        return CompletableFuture.runAsync(() -> restore.restore(journal, data, List.of()));
    }

    private String name(int member) {
        return cluster.member(member).nodeName();
    }
}
