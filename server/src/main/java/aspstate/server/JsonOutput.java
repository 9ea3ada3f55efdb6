package aspstate.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code --json} of the admin commands that show something: the API's answer printed as it is, for scripts. */
final class JsonOutput {
    @Option(names = "--json", description = "Print the API's JSON as it is.")
    private boolean json;

    /** Prints the answer and returns true with --json; returns false, printing nothing, without it. */
    boolean printed(JsonNode answer, PrintWriter out) {
        if (json) {
            out.println(answer.toPrettyString());
            out.flush();
        }
        return json;
    }
}
