package aspstate.core;

/**
 * The one source of time for the engine. Everything that depends on time (expiry, lock age) reads it from an
 * injected clock so that the rules can be tested without waiting.
 */
@FunctionalInterface
public interface Clock {
    /** Wall-clock milliseconds since the Unix epoch. */
    long millis();

    Clock SYSTEM = System::currentTimeMillis;
}
