package aspstate.tds.spstate;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.CallArguments;

/** The [MS-SPSTATE] arguments beyond what {@link CallArguments} reads for every family. */
final class SharePointArguments {
    /** @id is varchar(512). */
    static final int ID_LENGTH = 512;
    /** The table the state service keeps its items in; named in the errors an INSERT or UPDATE of it raises. */
    static final String ITEMS_TABLE = "dbo.TempData";

    private SharePointArguments() {}

    /**
     * @id, possibly NULL. SQL Server would silently cut a longer value to varchar(512), so two long ids sharing a
     * prefix would meet in one item; refusing it keeps items apart.
     */
    static String id(CallArguments arguments) {
        String id = arguments.value("@id", String.class);
        if (id != null && id.length() > ID_LENGTH) {
            throw SqlException.of(SqlErrors.truncated("@id", id.length(), ID_LENGTH));
        }
        return id;
    }

    /** @item, varbinary(max): NULL allowed and stored as NULL. */
    static byte[] item(CallArguments arguments) {
        return arguments.value("@item", byte[].class);
    }

    /** @timeout in minutes: a NULL has no expiry, so it fails as the NOT NULL column would. */
    static int timeout(CallArguments arguments, String operation) {
        return arguments
                .notNull(CallArguments.TIMEOUT.name(), Number.class, "Timeout", ITEMS_TABLE, operation)
                .intValue();
    }
}
