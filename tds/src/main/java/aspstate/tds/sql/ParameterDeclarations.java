package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * The @params argument of sp_executesql and sp_prepexec: {@code @P0 int OUTPUT,@P1 nvarchar(4000),...}. Only names
 * and OUTPUT matter here; a value's type comes with the value itself in the RPC.
 */
public final class ParameterDeclarations {
    /** One declared parameter, named with its '@'. */
    public record Declaration(String name, boolean output) {}

    private ParameterDeclarations() {}

    /** The declarations in order; empty or null text declares none. */
    public static List<Declaration> parse(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        TokenCursor cursor = new TokenCursor(text);
        List<Declaration> declarations = new ArrayList<>();
        do {
            String name =
                    cursor.expect(Kind.VARIABLE, "a parameter name such as @P1").text();
            typeName(cursor);
            boolean output = cursor.accept("OUT") || cursor.accept("OUTPUT");
            declarations.add(new Declaration(name, output));
        } while (cursor.accept(","));
        if (!cursor.peek().is(Kind.END)) {
            throw cursor.unexpected("',' or the end of the declarations");
        }
        return List.copyOf(declarations);
    }

    /** {@code type}, {@code type(n)}, {@code type(max)} or {@code type(p, s)}. */
    private static void typeName(TokenCursor cursor) {
        cursor.expect(Kind.WORD, "a type name");
        if (cursor.accept("(")) {
            if (!cursor.accept("max")) {
                cursor.expect(Kind.NUMBER, "a length or max");
                if (cursor.accept(",")) {
                    cursor.expect(Kind.NUMBER, "a scale");
                }
            }
            cursor.expect(")");
        }
    }
}
