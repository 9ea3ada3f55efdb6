package aspstate.tds.corecache;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.corecache.CacheResult;
import aspstate.core.corecache.CacheStatement;
import aspstate.core.corecache.CacheStatement.DeleteCacheItem;
import aspstate.core.corecache.CacheStatement.DeleteExpiredCacheItem;
import aspstate.core.corecache.CacheStatement.GetCacheItem;
import aspstate.core.corecache.CacheStatement.RefreshCacheItem;
import aspstate.core.corecache.CacheStatement.SetCacheItem;
import aspstate.core.store.SessionStore;
import aspstate.core.store.TableKeys;
import aspstate.core.stores.StoreId;
import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowCount;
import aspstate.tds.proc.RowSet;
import aspstate.tds.proc.StatementOutcome;
import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.StatementArguments;
import aspstate.tds.statement.StatementValues;
import aspstate.tds.token.Column;
import aspstate.tds.token.DoneToken;
import aspstate.tds.type.BigVarBinaryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * One cache table's statements, bound to the store of cache entries: the parameters read and checked as the table's
 * columns take them, the entry's statement run atomically under its key, and the answer as SQL Server gives it (the
 * UPDATE's rows affected, the SELECT's result set, the INSERT's row).
 *
 * <p>The Id column is nvarchar(449) under a case-sensitive collation: ids keep their case, and compare without their
 * trailing spaces, as SQL Server compares strings; a longer id matches no row, and a Set of one is refused as the
 * column would refuse it.
 */
final class CacheTable {
    /** The Id column's length, so the longest id. */
    static final int ID_LENGTH = 449;

    private static final List<Column<?>> VALUE_COLUMNS = List.of(new Column<>("Value", BigVarBinaryType.MAX, false));

    private final SessionStore<CacheEntry> entries;
    private final String keyPrefix;
    /** {@code schema.table}, as errors name it. */
    private final String table;

    /** @param nameParts the table as the statement names it: table, schema.table or database.schema.table */
    CacheTable(SessionStore<CacheEntry> entries, List<String> nameParts) {
        this.entries = entries;
        this.keyPrefix = TableKeys.prefix(nameParts);
        this.table = TableKeys.qualified(nameParts);
    }

    BoundStatement get() {
        return BoundStatement.of("GetCacheItem", arguments -> read(arguments, true));
    }

    BoundStatement refresh() {
        return BoundStatement.of("RefreshCacheItem", arguments -> read(arguments, false));
    }

    BoundStatement set() {
        return BoundStatement.of("SetCacheItem", this::set);
    }

    BoundStatement remove() {
        return BoundStatement.of("DeleteCacheItem", this::remove);
    }

    BoundStatement deleteExpired() {
        return BoundStatement.of("DeleteExpiredCacheItems", this::deleteExpired);
    }

    private CompletionStage<ProcedureResult> read(StatementArguments arguments, boolean select) {
        String key = key(StatementValues.text(arguments.value("@Id")));
        Long now = StatementValues.ticks(arguments.value("@UtcNow"));
        CompletionStage<CacheResult> result = key == null
                ? CompletableFuture.completedFuture(CacheResult.NO_ROW)
                : entries.execute(key, select ? new GetCacheItem(now) : new RefreshCacheItem(now));
        return result.thenApply(read -> answer(read, () -> {
            List<StatementOutcome> outcomes = new ArrayList<>(2);
            outcomes.add(new RowCount(DoneToken.UPDATE_COMMAND, read.affectedRows()));
            if (select) {
                outcomes.add(new RowSet(
                        VALUE_COLUMNS,
                        read.value() == null ? List.of() : List.of(Arrays.asList((Object) read.value()))));
            }
            return outcomes;
        }));
    }

    private CompletionStage<ProcedureResult> set(StatementArguments arguments) {
        String id = StatementValues.text(arguments.value("@Id"));
        byte[] value = StatementValues.bytes(arguments.value("@Value"));
        Long sliding = StatementValues.bigint(arguments.value("@SlidingExpirationInSeconds"));
        Long absolute = StatementValues.ticks(arguments.value("@AbsoluteExpiration"));
        Long now = StatementValues.ticks(arguments.value("@UtcNow"));
        if (id == null) {
            throw SqlException.of(SqlErrors.nullNotAllowedIn("Id", table, "INSERT"));
        }
        String key = key(id);
        if (key == null) {
            throw SqlException.of(SqlErrors.truncatedColumn(table, "Id", id.length(), ID_LENGTH));
        }
        if (value == null) {
            throw SqlException.of(SqlErrors.nullNotAllowedIn("Value", table, "INSERT"));
        }
        return entries.execute(key, new SetCacheItem(value, sliding, absolute, now))
                .thenApply(set -> answer(
                        set,
                        () -> set.inserted()
                                ? List.of(
                                        new RowCount(DoneToken.UPDATE_COMMAND, 0),
                                        new RowCount(DoneToken.INSERT_COMMAND, 1))
                                : List.of(new RowCount(DoneToken.UPDATE_COMMAND, 1))));
    }

    private CompletionStage<ProcedureResult> remove(StatementArguments arguments) {
        String key = key(StatementValues.text(arguments.value("@Id")));
        CompletionStage<CacheResult> result = key == null
                ? CompletableFuture.completedFuture(CacheResult.NO_ROW)
                : entries.execute(key, new DeleteCacheItem());
        return result.thenApply(deleted -> deletedRows(deleted.affectedRows()));
    }

    /**
     * Every entry of this table that {@code @UtcNow > ExpiresAtTime}: found by a visit of the store, then each
     * deleted if it is still expired (a Set may have renewed it meanwhile). The store drops the entries its own
     * clock finds expired by itself, so this finds only those the client's clock is ahead on.
     */
    private CompletionStage<ProcedureResult> deleteExpired(StatementArguments arguments) {
        Long now = StatementValues.ticks(arguments.value("@UtcNow"));
        if (now == null) {
            return CompletableFuture.completedFuture(deletedRows(0));
        }
        List<String> expired = new ArrayList<>();
        return entries.forEach((key, entry) -> {
                    if (key.startsWith(keyPrefix) && now > entry.expiresAtTicks()) {
                        expired.add(key);
                    }
                })
                .thenCompose(visited -> deleteEach(expired, 0, 0, new DeleteExpiredCacheItem(now)))
                .thenApply(CacheTable::deletedRows);
    }

    /**
     * Deletes one key after the other, so that a large table does not put every deletion in flight at once; on in
     * this call while the store answers at once, so that many keys do not nest stages deeply.
     */
    private CompletionStage<Integer> deleteEach(List<String> keys, int from, int deletedBefore, CacheStatement delete) {
        int deleted = deletedBefore;
        for (int i = from; i < keys.size(); i++) {
            CompletableFuture<CacheResult> next =
                    entries.execute(keys.get(i), delete).toCompletableFuture();
            if (!next.isDone()) {
                int after = i + 1;
                int sofar = deleted;
                return next.thenCompose(result -> deleteEach(keys, after, sofar + result.affectedRows(), delete));
            }
            deleted += next.join().affectedRows();
        }
        return CompletableFuture.completedFuture(deleted);
    }

    private static ProcedureResult deletedRows(int rows) {
        return ProcedureResult.of(Map.of(), List.of(new RowCount(DoneToken.DELETE_COMMAND, rows)));
    }

    private ProcedureResult answer(CacheResult result, Supplier<List<StatementOutcome>> outcomes) {
        if (result.failure() != null) {
            return ProcedureResult.failed(failure(result.failure()));
        }
        return ProcedureResult.of(Map.of(), outcomes.get());
    }

    private SqlError failure(CacheResult.Failure failure) {
        return switch (failure) {
            case EXPIRES_AT_TIME_NULL -> SqlErrors.nullNotAllowedIn("ExpiresAtTime", table, "INSERT");
            case DATEADD_NUMBER_OVERFLOW ->
                SqlErrors.userError(
                        SqlErrors.ARITHMETIC_OVERFLOW,
                        "Arithmetic overflow error converting expression to data type int.");
            case DATEADD_OUT_OF_RANGE ->
                SqlErrors.userError(
                        failure.errorNumber(), "Adding a value to a 'datetimeoffset' column caused an overflow.");
            case DATEDIFF_OVERFLOW ->
                SqlErrors.userError(
                        failure.errorNumber(),
                        "The datediff function resulted in "
                                + "an overflow. The number of dateparts separating two date/time instances is too large. Try to "
                                + "use datediff with a less precise datepart.");
        };
    }

    /**
     * The store key of an id, by the store's key rule (which drops its trailing spaces, as a comparison ignores them),
     * or null when no row can have it: NULL, or longer than the column.
     */
    private String key(String id) {
        if (id == null) {
            return null;
        }
        String key = StoreId.CORE_CACHE_ENTRIES.keys().key(keyPrefix + id);
        return key.length() - keyPrefix.length() > ID_LENGTH ? null : key;
    }
}
