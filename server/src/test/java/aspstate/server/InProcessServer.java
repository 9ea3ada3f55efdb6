package aspstate.server;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * serve with its defaults, in process on free loopback ports, for all the tests of a class: register it as a
 * static field with {@code @RegisterExtension}. Without --tds-user every login is accepted, as clients here use.
 */
final class InProcessServer implements BeforeAllCallback, AfterAllCallback {
    private RunningServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.close();
    }

    int tdsPort() {
        return server.tdsAddress().orElseThrow().getPort();
    }
}
