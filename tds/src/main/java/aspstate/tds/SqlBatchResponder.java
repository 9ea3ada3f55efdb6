package aspstate.tds;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.sql.ProcedureExistsQuery;
import aspstate.tds.token.ColMetadataToken;
import aspstate.tds.token.Column;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.token.InfoToken;
import aspstate.tds.token.RowToken;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers SQL batches with the statements drivers send on their own: {@code SELECT 1} (mssql-jdbc's isValid),
 * {@code SET option ...} (tedious after login), {@code USE db} and {@code EXEC sp_unprepare n} (mssql-jdbc
 * releasing prepared handles in front of a later batch), and ASP.NET's first query, whether the catalog has
 * TempGetVersion ({@link ProcedureExistsQuery}). The whole batch is checked first, so a batch
 * with any other statement fails as a syntax error would on SQL Server: nothing of it runs.
 */
final class SqlBatchResponder {
    /** Statements end at a semicolon or where the next one starts (tedious separates them by newlines only). */
    private static final Pattern STATEMENT_BOUNDARY =
            Pattern.compile(";|(?=\\b(?:select|set|use|exec|execute)\\b)", Pattern.CASE_INSENSITIVE);
    private static final Pattern SELECT_ONE = Pattern.compile("select\\s+1", Pattern.CASE_INSENSITIVE);
    private static final Pattern SET_OPTION =
            Pattern.compile("set\\s+[a-z_]+(\\s*,\\s*[a-z_]+)*(\\s+[^\\s;]+)+", Pattern.CASE_INSENSITIVE);
    /** SQL Server identifiers have at most 128 characters. */
    private static final Pattern USE =
            Pattern.compile("use\\s+(?:\\[([^\\]]{1,128})]|([a-z_][\\w@$#]{0,127}))", Pattern.CASE_INSENSITIVE);
    private static final Pattern UNPREPARE =
            Pattern.compile("exec(?:ute)?\\s+(?:sys\\.)?sp_unprepare\\s+(\\d{1,9})", Pattern.CASE_INSENSITIVE);
    private static final List<Column<?>> SELECT_ONE_COLUMNS = List.of(new Column<>("", IntNType.INT, false));
    /** sysobjects.name is a sysname, i.e. nvarchar(128) NOT NULL. */
    private static final int SYSNAME_LENGTH = 128;
    private static final List<Column<?>> SYSOBJECTS_NAME_COLUMNS =
            List.of(new Column<>("name", NVarCharType.ofCharacters(SYSNAME_LENGTH), false));

    private enum Kind { SELECT_ONE, SET_OPTION, USE, UNPREPARE, PROCEDURE_EXISTS }

    /** @param argument the database of USE, the handle of sp_unprepare, the name the sysobjects query looks for */
    private record Statement(Kind kind, String argument) {
    }

    private SqlBatchResponder() {
    }

    /** @param catalog the procedures this server serves, which the sysobjects query lists */
    static void respond(String batch, TdsSession session, ProcedureCatalog catalog, ByteBuf out) {
        List<Statement> statements = new ArrayList<>();
        for (String text : STATEMENT_BOUNDARY.split(batch)) {
            String trimmed = text.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            Statement statement = classify(trimmed);
            if (statement == null) {
                ErrorToken.write(out, ErrorToken.INCORRECT_SYNTAX, 1, ErrorToken.USER_ERROR_SEVERITY,
                        "Incorrect syntax near '" + firstWord(trimmed) + "'. This server runs only the T-SQL "
                                + "that session-state clients send.");
                DoneToken.write(out, DoneToken.DONE, DoneToken.ERROR, 0, 0);
                return;
            }
            statements.add(statement);
        }
        if (statements.isEmpty()) {
            DoneToken.write(out, DoneToken.DONE, DoneToken.FINAL, 0, 0);
        }
        for (int i = 0; i < statements.size(); i++) {
            run(statements.get(i), i == statements.size() - 1, session, catalog, out);
        }
    }

    private static Statement classify(String text) {
        if (SELECT_ONE.matcher(text).matches()) {
            return new Statement(Kind.SELECT_ONE, null);
        }
        if (SET_OPTION.matcher(text).matches()) {
            return new Statement(Kind.SET_OPTION, null);
        }
        Matcher use = USE.matcher(text);
        if (use.matches()) {
            return new Statement(Kind.USE, use.group(1) != null ? use.group(1) : use.group(2));
        }
        Matcher unprepare = UNPREPARE.matcher(text);
        if (unprepare.matches()) {
            return new Statement(Kind.UNPREPARE, unprepare.group(1));
        }
        return ProcedureExistsQuery.parse(text)
                .map(query -> new Statement(Kind.PROCEDURE_EXISTS, query.procedureName()))
                .orElse(null);
    }

    /** Every statement but the last ends with DONE_MORE; options change nothing here, so only the last says DONE. */
    private static void run(Statement statement, boolean last, TdsSession session, ProcedureCatalog catalog,
                            ByteBuf out) {
        int more = last ? DoneToken.FINAL : DoneToken.MORE;
        switch (statement.kind()) {
            case SELECT_ONE -> {
                ColMetadataToken.write(out, SELECT_ONE_COLUMNS);
                RowToken.write(out, SELECT_ONE_COLUMNS, List.of(1));
                DoneToken.write(out, DoneToken.DONE, DoneToken.COUNT | more, DoneToken.SELECT_COMMAND, 1);
                return;
            }
            case PROCEDURE_EXISTS -> {
                List<List<Object>> rows = procedureRow(catalog, statement.argument());
                ColMetadataToken.write(out, SYSOBJECTS_NAME_COLUMNS);
                for (List<Object> row : rows) {
                    RowToken.write(out, SYSOBJECTS_NAME_COLUMNS, row);
                }
                DoneToken.write(out, DoneToken.DONE, DoneToken.COUNT | more, DoneToken.SELECT_COMMAND, rows.size());
                return;
            }
            case USE -> {
                EnvChangeToken.database(out, statement.argument(), session.database());
                InfoToken.write(out, 5701, 1, "Changed database context to '" + statement.argument() + "'.");
                session.database(statement.argument());
            }
            case UNPREPARE -> session.prepared().unprepare(Integer.parseInt(statement.argument()));
            case SET_OPTION -> {
                // Accepted without effect: the session-state procedures behave the same under every option.
            }
        }
        if (last) {
            DoneToken.write(out, DoneToken.DONE, DoneToken.FINAL, 0, 0);
        }
    }

    /**
     * The sysobjects row of a served procedure, spelled as it was created; none for any other name. The catalog
     * also finds schema-qualified names, which a name column never holds, so only a bare name matches.
     */
    private static List<List<Object>> procedureRow(ProcedureCatalog catalog, String name) {
        return catalog.find(name)
                .map(Procedure::name)
                .filter(served -> served.equalsIgnoreCase(name))
                .map(served -> List.of(List.<Object>of(served)))
                .orElse(List.of());
    }

    private static String firstWord(String text) {
        String word = text.split("\\s+", 2)[0];
        return word.length() > 128 ? word.substring(0, 128) : word;
    }
}
