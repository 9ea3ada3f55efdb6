package aspstate.tds;

import aspstate.tds.login.LoginRequest;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Decides whether a LOGIN7 may proceed, from its decoded credentials. Asynchronous because checking a salted
 * password hash is deliberately slow and must not hold up the event loop that serves other connections. A refused
 * login is answered as SQL Server answers it (error 18456) and the connection is closed.
 */
@FunctionalInterface
public interface LoginAuthenticator {
    CompletionStage<Boolean> accepts(LoginRequest login, SocketAddress peer);

    /** Lets every login in: for loopback-only listeners and tests. */
    LoginAuthenticator ACCEPT_ALL = (login, peer) -> CompletableFuture.completedFuture(true);
}
