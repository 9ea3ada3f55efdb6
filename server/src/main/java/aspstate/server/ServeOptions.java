package aspstate.server;

import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.StateServerSettings;
import java.util.Map;

/**
 * Everything {@code serve} was told, checked and typed, plus where each value was written (for messages that
 * arise later, such as a port that turns out to be taken).
 */
record ServeOptions(StateServerSettings stateServer, MemoryStoreSettings memoryStore, LogLevel logLevel,
                    Map<String, SourcedValue> sources) {

    ServeOptions {
        sources = Map.copyOf(sources);
    }

    /** Where the option with this key was written, e.g. "--stateserver-port 42424". */
    String where(String key) {
        SourcedValue value = sources.get(key);
        return value == null ? "--" + key : value.where();
    }
}
