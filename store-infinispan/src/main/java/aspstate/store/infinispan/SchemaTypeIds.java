package aspstate.store.infinispan;

/**
 * ProtoStream type ids of what the store marshals. Ids up to 65535 belong to Infinispan; ours start above. A stored
 * entry carries its value's id, so these numbers are part of the data files and the cluster protocol: never change
 * or reuse one.
 */
public final class SchemaTypeIds {
    public static final int STAMPED = 70_001;
    public static final int SESSION_ENTRY = 70_002;
    public static final int SQL_SESSION_ITEM = 70_003;
    public static final int APP_REGISTRATION = 70_004;
    public static final int SHAREPOINT_STATE_ITEM = 70_005;
    public static final int NODE_COUNTERS = 70_006;
    public static final int CLUSTER_STOP_REQUEST = 70_007;
    public static final int TOMBSTONE = 70_008;
    // 70_009 was a request of an earlier cluster-stop: not to be reused.
    public static final int CACHE_ENTRY = 70_010;
    public static final int METADATA_UPDATE = 70_011;

    private SchemaTypeIds() {}
}
