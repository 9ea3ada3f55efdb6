package aspstate.client;

import java.io.IOException;

/**
 * A request that never reached the wire: its connection was found closed (the server closed it, stopped or died)
 * before the request was written. Unlike a failure with the request in flight, the request cannot have taken
 * effect, so it may be sent again, elsewhere.
 */
public final class UnsentRequestException extends IOException {
    private static final long serialVersionUID = 1L;

    UnsentRequestException(String message) {
        super(message);
    }
}
