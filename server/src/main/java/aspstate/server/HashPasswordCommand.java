package aspstate.server;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code aspstate hash-password}: turns a password into the hash {@code --tds-user} takes, so that the config
 * never holds the password itself. The password is read from stdin rather than taken as an argument, which would
 * show in the process list and the shell history.
 */
@Command(
        name = "hash-password",
        mixinStandardHelpOptions = true,
        versionProvider = Version.Provider.class,
        description = "Reads a password (one line) from stdin, without echoing it at a terminal, and prints its "
                + "salted hash for --tds-user NAME=HASH or --admin-token HASH.%n"
                + "Example: aspstate hash-password < password.txt%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:hash printed", "2:no password on stdin"})
final class HashPasswordCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    private final InputStream stdin;
    private final Console terminal;

    /** @param terminal the terminal stdin and stdout are, or null when either is redirected */
    HashPasswordCommand(InputStream stdin, Console terminal) {
        this.stdin = stdin;
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        // Typed at a terminal, the password is not echoed (nor left on the screen).
        String password = terminal != null ? typed() : firstLine();
        if (password == null || password.isEmpty()) {
            throw new UserError("hash-password: no password on stdin (type it and press Enter, or pipe it in)");
        }
        spec.commandLine().getOut().println(PasswordHash.of(password).encoded());
        spec.commandLine().getOut().flush();
        return 0;
    }

    private String typed() {
        char[] typed = terminal.readPassword("Password (not shown): ");
        return typed == null ? null : new String(typed);
    }

    private String firstLine() {
        // Not closed: it is the process's stdin.
        BufferedReader reader = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new UserError("hash-password: cannot read stdin: " + e.getMessage());
        }
    }
}
