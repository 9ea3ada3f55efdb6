package aspstate.tds.proc;

import aspstate.tds.token.Column;
import java.util.List;

/** A result set a procedure returns: its columns and rows (one value per column, null for NULL). */
public record RowSet(List<Column<?>> columns, List<List<Object>> rows) implements StatementOutcome {
    public RowSet {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(columns.size() + " columns but a row of " + row.size() + " values");
            }
        }
    }
}
