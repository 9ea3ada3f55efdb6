package aspstate.server;

import aspstate.cli.RefusedValue;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports what the user got wrong as one line on stderr, "aspstate: what: why", with exit code 2 and no stack
 * trace. Anything else is a bug or an environment failure: logged with its stack trace, exit code 1.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {
    static final int UNEXPECTED_FAILURE = 1;
    /** What the admin commands exit with when the session they were given is not there. */
    static final int NOT_FOUND = 1;

    private static final Logger LOG = LoggerFactory.getLogger(OneLineErrors.class);

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        String described = describe(ex);
        if (described != null) {
            print(command, described);
            return UserError.EXIT_CODE;
        }
        String message = ex.getMessage();
        if (ex instanceof UnmatchedArgumentException) {
            List<String> suggestions = ((UnmatchedArgumentException) ex).getSuggestions();
            if (!suggestions.isEmpty()) {
                message += "; did you mean " + String.join(" or ", suggestions) + "?";
            }
        }
        print(command, message + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
        return UserError.EXIT_CODE;
    }

    /**
     * A value a converter refused, as "where: why" ({@code --max-body abc: not a byte size...}, or {@code
     * max-body=abc in FILE: ...}), or a config file that cannot be used; null for what picocli says well itself (an
     * unknown option, a missing value), which the help hint then follows.
     */
    static String describe(ParameterException ex) {
        Throwable cause = ex.getCause();
        if (cause instanceof UserError) {
            return cause.getMessage();
        }
        String reason = RefusedValue.reason(ex);
        return reason == null
                ? null
                : ConfigFileDefaults.where((OptionSpec) ex.getArgSpec(), ex.getValue()) + ": " + reason;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        if (ex instanceof UserError) {
            print(command, ex.getMessage());
            return UserError.EXIT_CODE;
        }
        if (ex instanceof SessionLookup.NotFound) {
            print(command, ex.getMessage());
            return NOT_FOUND;
        }
        LOG.error("unexpected failure", ex);
        return UNEXPECTED_FAILURE;
    }

    private static void print(CommandLine command, String message) {
        command.getErr()
                .println("aspstate: "
                        + message.replaceAll("\\s*[\\r\\n]+\\s*", "; ").trim());
        command.getErr().flush();
    }
}
