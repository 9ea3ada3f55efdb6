package aspstate.tds;

import aspstate.tds.login.LoginRequest;
import java.net.SocketAddress;

/** Told of every login the server accepts, with the decoded credentials; runs on the connection's event loop. */
@FunctionalInterface
public interface LoginListener {
    void loggedIn(LoginRequest login, SocketAddress peer);
}
