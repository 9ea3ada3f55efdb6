package aspstate.server;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Explains why listening failed in words that name the option to change. Netty reports bind errors as
 * java.net.BindException (NIO) or as a native IOException (epoll) carrying the OS's text, so the text decides.
 */
final class ListenFailure {
    private ListenFailure() {}

    /**
     * @param portWhere where the port was written, e.g. "--tds-port 1433"
     * @param bindWhere where the address was written, e.g. "--bind 192.0.2.1"
     */
    static UserError explain(Throwable failure, InetAddress bind, int port, String portWhere, String bindWhere) {
        String address = Addresses.format(bind, port);
        String reason = String.valueOf(failure.getMessage());
        String lower = reason.toLowerCase(Locale.ROOT);
        if (lower.contains("address already in use")) {
            return new UserError(portWhere + ": address " + address + " is already in use");
        }
        if (lower.contains("cannot assign requested address")) {
            return new UserError(bindWhere + ": " + bind.getHostAddress() + " is not an address of this machine");
        }
        if (lower.contains("permission denied")) {
            return new UserError(
                    portWhere + ": not permitted to listen on " + address + " (ports below 1024 need privileges)");
        }
        return new UserError(portWhere + ": cannot listen on " + address + ": " + reason);
    }
}
