package aspstate.server;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Rows printed in columns as wide as their widest cell, for the admin commands' output. */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... headings) {
        rows.add(headings);
    }

    TextTable row(Object... cells) {
        String[] texts = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            texts[i] = String.valueOf(cells[i]);
        }
        rows.add(texts);
        return this;
    }

    void print(PrintWriter out) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == columns - 1 ? row[i] : String.format("%-" + widths[i] + "s  ", row[i]));
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }
}
