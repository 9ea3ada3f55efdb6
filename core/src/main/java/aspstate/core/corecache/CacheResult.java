package aspstate.core.corecache;

/**
 * What a cache statement did, in SQL terms but without the wire: the rows its UPDATE or DELETE affected, whether
 * its INSERT ran, the Value its SELECT returned, or the error that stopped it with nothing changed.
 *
 * @param failure      the error, or null
 * @param affectedRows the rows the statement's UPDATE (or DELETE) affected: 0 or 1
 * @param inserted     a Set found no row to update and inserted one
 * @param value        the Value a Get's SELECT returned, or null for no row
 */
public record CacheResult(Failure failure, int affectedRows, boolean inserted, byte[] value) {

    /** The SQL Server errors the statements' own expressions can raise. */
    public enum Failure {
        /** 515: the Set computed a NULL ExpiresAtTime (neither a sliding nor an absolute expiration). */
        EXPIRES_AT_TIME_NULL(515),
        /** 8115: DATEADD's number (the sliding seconds) does not fit an int. */
        DATEADD_NUMBER_OVERFLOW(8115),
        /** 517: DATEADD's result is past 9999-12-31 (or before 0001-01-01). */
        DATEADD_OUT_OF_RANGE(517),
        /** 535: DATEDIFF(SECOND, ...) to the absolute expiration does not fit an int (about 68 years). */
        DATEDIFF_OVERFLOW(535);

        private final int errorNumber;

        Failure(int errorNumber) {
            this.errorNumber = errorNumber;
        }

        public int errorNumber() {
            return errorNumber;
        }
    }

    /** Nothing found, nothing changed. */
    public static final CacheResult NO_ROW = new CacheResult(null, 0, false, null);

    static final CacheResult ONE_ROW = new CacheResult(null, 1, false, null);
    static final CacheResult INSERTED = new CacheResult(null, 0, true, null);

    static CacheResult failed(Failure failure) {
        return new CacheResult(failure, 0, false, null);
    }
}
