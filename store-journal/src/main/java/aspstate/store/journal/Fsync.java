package aspstate.store.journal;

import java.util.Locale;

/** When a write counts as kept ({@code --fsync}). */
public enum Fsync {
    /** Answered once its record is on disk (fdatasync, shared by every write of a batch): a power cut loses nothing. */
    ALWAYS,
    /**
     * Answered once its record is written to the operating system, which is synced once a second: the process
     * crashing loses nothing, a power cut or kernel crash at most about the last 2 seconds.
     */
    EVERYSEC,
    /**
     * Answered once written to the operating system, never synced by aspstate (the system writes it back within
     * about 30 s): for tests and throwaway data.
     */
    OFF;

    /** As the option spells it. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
