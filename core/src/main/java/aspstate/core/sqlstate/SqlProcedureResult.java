package aspstate.core.sqlstate;

/**
 * What an ASPState procedure on one session item answers, in SQL terms but without the wire: a return status or
 * error, the OUTPUT parameters (null = SQL NULL), and the optional SessionItemLong result set. The TDS layer sends
 * only the outputs the called procedure declares; an output this procedure version does not have is null here.
 *
 * @param status            0, or the error the TDS layer raises instead
 * @param itemShort         @itemShort
 * @param locked            @locked: the lock state found, before this call
 * @param lockAgeSeconds    @lockAge (v2, v3)
 * @param lockDateMillis    @lockDate (v1), UTC millis; the TDS layer formats it as local time
 * @param lockCookie        @lockCookie
 * @param actionFlags       @actionFlags (v3)
 * @param itemLongResultSet the single value of the one-column result set {@code SessionItemLong image}, or null
 *                          for no result set at all
 */
public record SqlProcedureResult(
        Status status,
        byte[] itemShort,
        Boolean locked,
        Integer lockAgeSeconds,
        Long lockDateMillis,
        Integer lockCookie,
        Integer actionFlags,
        byte[] itemLongResultSet) {

    public enum Status {
        /** Return status 0. */
        OK(0, 0),
        /** Primary key violation: an insert found the id already present; nothing was changed. */
        DUPLICATE_KEY(2627, 14);

        private final int errorNumber;
        private final int severity;

        Status(int errorNumber, int severity) {
            this.errorNumber = errorNumber;
            this.severity = severity;
        }

        /** The SQL Server error number to raise, 0 for none. */
        public int errorNumber() {
            return errorNumber;
        }

        /** The error's class, as SQL Server reports it. */
        public int severity() {
            return severity;
        }
    }

    /**
     * Return status 0, every output NULL, no result set: the answer of every procedure without outputs, and of a get
     * that found no item (the "outputs for a missing id" decision: NULL, not the caller's input echoed).
     */
    public static final SqlProcedureResult DONE =
            new SqlProcedureResult(Status.OK, null, null, null, null, null, null, null);

    public static final SqlProcedureResult DUPLICATE_KEY =
            new SqlProcedureResult(Status.DUPLICATE_KEY, null, null, null, null, null, null, null);

    /** Whether the TDS layer sends the {@code SessionItemLong} result set before the output parameters. */
    public boolean hasItemLongResultSet() {
        return itemLongResultSet != null;
    }
}
