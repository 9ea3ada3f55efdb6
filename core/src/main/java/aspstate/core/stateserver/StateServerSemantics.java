package aspstate.core.stateserver;

import aspstate.core.store.Outcome;

/**
 * The rules of Microsoft's state service, as pure functions of (entry, request, now), one per operation of
 * {@link StateRequest}, whose records call them. See
 * docs/spec/stateserver-protocol.md, "Operations and state". Every request that finds an entry pushes its
 * sliding expiry, including those answered 423, so every such outcome is a PUT of the touched entry.
 */
public final class StateServerSemantics {
    private StateServerSemantics() {}

    static Outcome<SessionEntry, StateResult> insert(StateRequest.Set request, long now) {
        SessionEntry created =
                SessionEntry.created(request.data(), request.timeoutMinutes(), request.insertOnly(), now);
        return Outcome.put(created, StateResult.OK);
    }

    /** Reads report ActionFlags once: the read that finds the entry uninitialized clears the flag. */
    static Outcome<SessionEntry, StateResult> get(SessionEntry entry, long now) {
        SessionEntry read = entry.read(now);
        StateResult result = entry.locked()
                ? StateResult.locked(entry, now, entry.uninitialized())
                : StateResult.data(entry, entry.uninitialized());
        return Outcome.put(read, result);
    }

    static Outcome<SessionEntry, StateResult> getExclusive(SessionEntry entry, long now) {
        if (entry.locked()) {
            return Outcome.put(entry.read(now), StateResult.locked(entry, now, entry.uninitialized()));
        }
        SessionEntry locked = entry.lockedBy(SessionEntry.nextCookie(entry.lockCookie()), now);
        return Outcome.put(locked, StateResult.dataLocked(locked, entry.uninitialized()));
    }

    static Outcome<SessionEntry, StateResult> releaseExclusive(SessionEntry entry, int lockCookie, long now) {
        boolean actionFlags = entry.uninitialized();
        if (!entry.locked()) {
            return Outcome.put(entry.read(now), StateResult.ok(actionFlags));
        }
        if (lockCookie != entry.lockCookie()) {
            return Outcome.put(entry.read(now), StateResult.locked(entry, now, actionFlags));
        }
        return Outcome.put(entry.unlocked(now), StateResult.ok(actionFlags));
    }

    static Outcome<SessionEntry, StateResult> set(SessionEntry entry, StateRequest.Set request, long now) {
        if (request.insertOnly()) {
            return Outcome.put(entry.touched(now), StateResult.OK);
        }
        if (heldByAnother(entry, request.lockCookie())) {
            return Outcome.put(entry.touched(now), StateResult.locked(entry, now, false));
        }
        return Outcome.put(entry.replaced(request.data(), request.timeoutMinutes(), now), StateResult.OK);
    }

    static Outcome<SessionEntry, StateResult> remove(SessionEntry entry, Integer lockCookie, long now) {
        if (heldByAnother(entry, lockCookie)) {
            return Outcome.put(entry.touched(now), StateResult.locked(entry, now, false));
        }
        return Outcome.delete(StateResult.OK);
    }

    /** Locked, and the request does not carry the lock's cookie (null: it carries none). */
    private static boolean heldByAnother(SessionEntry entry, Integer lockCookie) {
        return entry.locked() && (lockCookie == null || lockCookie != entry.lockCookie());
    }
}
