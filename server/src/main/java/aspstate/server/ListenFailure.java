package aspstate.server;

import java.util.Locale;

/**
 * Explains why listening failed in words that name the option to change. Netty reports bind errors as
 * java.net.BindException (NIO) or as a native IOException (epoll) carrying the OS's text, so the text decides.
 */
final class ListenFailure {
    private ListenFailure() {
    }

    static UserError explain(Throwable failure, ServeOptions options) {
        String address = Addresses.format(options.stateServer().bindAddress(), options.stateServer().port());
        String reason = String.valueOf(failure.getMessage());
        String lower = reason.toLowerCase(Locale.ROOT);
        if (lower.contains("address already in use")) {
            return new UserError(options.where(ServeCommand.STATESERVER_PORT) + ": address " + address
                    + " is already in use");
        }
        if (lower.contains("cannot assign requested address")) {
            return new UserError(options.where(ServeCommand.BIND) + ": "
                    + options.stateServer().bindAddress().getHostAddress() + " is not an address of this machine");
        }
        if (lower.contains("permission denied")) {
            return new UserError(options.where(ServeCommand.STATESERVER_PORT) + ": not permitted to listen on "
                    + address + " (ports below 1024 need privileges)");
        }
        return new UserError(options.where(ServeCommand.STATESERVER_PORT) + ": cannot listen on " + address + ": "
                + reason);
    }
}
