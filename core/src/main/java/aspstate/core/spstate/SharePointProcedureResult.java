package aspstate.core.spstate;

import aspstate.core.sqlstate.SqlProcedureResult.Status;

/**
 * What a [MS-SPSTATE] procedure answers, in SQL terms but without the wire: a return status or error and the OUTPUT
 * parameters (null = SQL NULL). There is deliberately no result set: [MS-SPSTATE] says of every procedure "MUST NOT
 * return any result sets", and the data travels only in @item. The TDS layer sends only the outputs the called
 * procedure declares; procedures without outputs answer {@link #DONE}.
 *
 * @param status         0, or the error the TDS layer raises instead (the ASPState status type: the same SQL
 *                       Server errors, so one mapping to the wire serves both families)
 * @param item           @item
 * @param locked         @locked: the lock state found, before this call
 * @param lockAgeSeconds @lockAgeInSeconds
 * @param lockCookie     @lockCookie
 */
public record SharePointProcedureResult(
        Status status, byte[] item, Boolean locked, Integer lockAgeSeconds, Integer lockCookie) {

    /** Return status 0, every output NULL: procedures without outputs, and a get that found no item. */
    public static final SharePointProcedureResult DONE =
            new SharePointProcedureResult(Status.OK, null, null, null, null);
    /**
     * Error 2627, nothing changed: proc_AddItem on an existing id. The TDS layer also answers this for a
     * proc_AddItem with a NULL @id, as the spec's line for proc_AddItem says, since a NULL id never reaches a store.
     */
    public static final SharePointProcedureResult DUPLICATE_KEY =
            new SharePointProcedureResult(Status.DUPLICATE_KEY, null, null, null, null);
}
