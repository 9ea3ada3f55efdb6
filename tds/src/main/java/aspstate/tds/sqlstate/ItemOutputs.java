package aspstate.tds.sqlstate;

import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.token.Column;
import aspstate.tds.type.TextPointerType;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * The OUTPUT parameters a session-item procedure declares after @id, in declaration order, and how its answer goes
 * on the wire: those outputs (NULL included, so a missing item never echoes the client's input) and, when the item
 * has a long value, the one-column result set {@code SessionItemLong image}.
 */
enum ItemOutputs {
    /** Inserts, updates, release, remove, reset: no outputs. */
    NONE(),
    /** v1 gets: @lockDate, in the server's local time as the shipped GETDATE() gives it. */
    LOCK_DATE(Output.ITEM_SHORT, Output.LOCKED, Output.LOCK_DATE, Output.LOCK_COOKIE),
    /** v2 gets. */
    LOCK_AGE(Output.ITEM_SHORT, Output.LOCKED, Output.LOCK_AGE, Output.LOCK_COOKIE),
    /** v3 gets, what current ASP.NET calls. */
    LOCK_AGE_AND_ACTION_FLAGS(
            Output.ITEM_SHORT, Output.LOCKED, Output.LOCK_AGE, Output.LOCK_COOKIE, Output.ACTION_FLAGS);

    private static final List<Column<?>> ITEM_LONG_COLUMNS =
            List.of(new Column<>("SessionItemLong", TextPointerType.IMAGE, true));

    private enum Output {
        ITEM_SHORT("@itemShort", CallArguments.ITEM_SHORT_TYPE, (result, zone) -> result.itemShort()),
        LOCKED("@locked", DeclaredType.BIT, (result, zone) -> result.locked()),
        LOCK_AGE("@lockAge", DeclaredType.INT, (result, zone) -> result.lockAgeSeconds()),
        LOCK_DATE(
                "@lockDate",
                DeclaredType.DATETIME,
                (result, zone) -> result.lockDateMillis() == null
                        ? null
                        : LocalDateTime.ofInstant(Instant.ofEpochMilli(result.lockDateMillis()), zone)),
        LOCK_COOKIE("@lockCookie", DeclaredType.INT, (result, zone) -> result.lockCookie()),
        ACTION_FLAGS("@actionFlags", DeclaredType.INT, (result, zone) -> result.actionFlags());

        private final ProcedureParameter parameter;
        private final BiFunction<SqlProcedureResult, ZoneId, Object> value;

        Output(String name, DeclaredType type, BiFunction<SqlProcedureResult, ZoneId, Object> value) {
            this.parameter = ProcedureParameter.output(name, type);
            this.value = value;
        }
    }

    private final List<Output> outputs;

    ItemOutputs(Output... outputs) {
        this.outputs = List.of(outputs);
    }

    /** The procedure's parameters: {@code inputs} (from @id on), then these outputs. */
    List<ProcedureParameter> parameters(List<ProcedureParameter> inputs) {
        return Stream.concat(inputs.stream(), outputs.stream().map(output -> output.parameter))
                .toList();
    }

    /** @param zone the server's time zone, for @lockDate */
    ProcedureResult answer(SqlProcedureResult result, ZoneId zone) {
        Map<String, Object> values = new HashMap<>();
        for (Output output : outputs) {
            values.put(output.parameter.name(), output.value.apply(result, zone));
        }
        if (!result.hasItemLongResultSet()) {
            return ProcedureResult.of(values);
        }
        RowSet itemLong = new RowSet(ITEM_LONG_COLUMNS, List.of(Arrays.asList((Object) result.itemLongResultSet())));
        return ProcedureResult.of(values, List.of(itemLong));
    }
}
