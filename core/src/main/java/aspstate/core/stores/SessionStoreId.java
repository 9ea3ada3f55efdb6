package aspstate.core.stores;

import aspstate.core.inspect.DecodedSession;
import aspstate.core.store.KeyRule;
import aspstate.core.store.SessionValue;
import java.util.function.Function;

/**
 * A store of sessions: what the metrics count and the session inspector shows, with how an id becomes its key and
 * how its session data is read for display.
 *
 * @param <V> the sessions it keeps
 */
public final class SessionStoreId<V extends SessionValue<V>> extends StoreId<V> {
    private final KeyRule keys;
    private final Function<byte[], DecodedSession> decoder;

    SessionStoreId(
            String name,
            String label,
            String protocol,
            Class<V> valueType,
            KeyRule keys,
            Function<byte[], DecodedSession> decoder) {
        super(name, label, protocol, valueType);
        this.keys = keys;
        this.decoder = decoder;
    }

    /** How the protocol serving it makes a client's id its key, and the admin API an operator's. */
    public KeyRule keys() {
        return keys;
    }

    /** Reads its session data for display: ASP.NET's format, or ASP.NET Core's. */
    public DecodedSession decode(byte[] data) {
        return decoder.apply(data);
    }

    @Override
    public boolean holdsSessions() {
        return true;
    }
}
