package aspstate.tds.batch;

import aspstate.tds.session.TdsSession;
import aspstate.tds.sql.SqlDataType;
import aspstate.tds.sql.SqlDataType.Base;
import aspstate.tds.sql.TypedValue;
import aspstate.tds.wire.ServerIdentity;
import java.util.Locale;
import java.util.Optional;

/**
 * The @@ variables clients read: {@code @@VERSION} (tools show it), {@code @@SPID}, {@code @@MAX_PRECISION} (jTDS
 * reads it at login), {@code @@TRANCOUNT} (always 0: the server runs no transactions), {@code @@SERVERNAME} and
 * {@code @@LANGUAGE}, typed as SQL Server types them.
 */
final class SystemVariables {
    /** The precision of decimal and numeric, which SQL Server reports as 38. */
    private static final int MAX_PRECISION = 38;

    private static final int SYSNAME = 128;
    /** @@VERSION is nvarchar(300). */
    private static final int VERSION_LENGTH = 300;

    private SystemVariables() {}

    /** The variable's value, or empty when SQL Server has no such variable either. */
    static Optional<TypedValue> value(String name, TdsSession session) {
        return Optional.ofNullable(
                switch (name.toUpperCase(Locale.ROOT)) {
                    case "@@VERSION" ->
                        new TypedValue(SqlDataType.of(Base.NVARCHAR, VERSION_LENGTH), ServerIdentity.VERSION_TEXT);
                    case "@@SPID" -> new TypedValue(SqlDataType.of(Base.SMALLINT, 0), session.spid());
                    case "@@MAX_PRECISION" -> new TypedValue(SqlDataType.of(Base.TINYINT, 0), MAX_PRECISION);
                    case "@@TRANCOUNT" -> new TypedValue(SqlDataType.INT, 0);
                    case "@@SERVERNAME" ->
                        new TypedValue(SqlDataType.of(Base.NVARCHAR, SYSNAME), ServerIdentity.SERVER_NAME);
                    case "@@LANGUAGE" ->
                        new TypedValue(SqlDataType.of(Base.NVARCHAR, SYSNAME), ServerIdentity.LANGUAGE);
                    default -> null;
                });
    }
}
