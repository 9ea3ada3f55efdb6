package aspstate.store.infinispan;

import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * One node's share of one store's statistics, as the node last published it. The three totals count what this node
 * did (created, expired, removed) and only grow, so the cluster's totals are the sums over every node that ever
 * took part; the live figures count the entries whose primary owner this node is, so the cluster's live figures
 * are the sums over the current members (a departed node's entries are counted by their new primary owners).
 *
 * @param created        entries this node created
 * @param expired        entries this node reclaimed because they timed out
 * @param removed        entries this node deleted for a client
 * @param primaryEntries live entries this node is the primary owner of, at the last count
 * @param primaryBytes   their bytes (key + value + per-entry overhead), as counted against max-memory
 * @param heldBytes      bytes of every entry this node holds, primary and backup copies: its memory
 */
@ProtoTypeId(SchemaTypeIds.NODE_COUNTERS)
public record NodeCounters(
        long created, long expired, long removed, long primaryEntries, long primaryBytes, long heldBytes) {
    static final NodeCounters ZERO = new NodeCounters(0, 0, 0, 0, 0, 0);

    @ProtoFactory
    public NodeCounters {}

    @ProtoField(number = 1, defaultValue = "0")
    public long created() {
        return created;
    }

    @ProtoField(number = 2, defaultValue = "0")
    public long expired() {
        return expired;
    }

    @ProtoField(number = 3, defaultValue = "0")
    public long removed() {
        return removed;
    }

    @ProtoField(number = 4, defaultValue = "0")
    public long primaryEntries() {
        return primaryEntries;
    }

    @ProtoField(number = 5, defaultValue = "0")
    public long primaryBytes() {
        return primaryBytes;
    }

    @ProtoField(number = 6, defaultValue = "0")
    public long heldBytes() {
        return heldBytes;
    }
}
