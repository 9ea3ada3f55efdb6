package aspstate.core.spstate;

/** The [MS-SPSTATE] procedure that touches no single item. */
public final class SharePointServerProcedures {
    private SharePointServerProcedures() {}

    /**
     * proc_DeleteExpiredItems: nothing to do. The store already frees expired items by itself (the memory store's
     * reaper runs every tick) and never hands an expired item to a procedure, so once this returns no expired item
     * is visible to any client, which is all [MS-SPSTATE] 3.1.5.2 can observe; the call only has to return 0.
     */
    public static SharePointProcedureResult procDeleteExpiredItems() {
        return SharePointProcedureResult.DONE;
    }
}
