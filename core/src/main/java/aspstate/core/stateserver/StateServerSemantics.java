package aspstate.core.stateserver;

import aspstate.core.store.Outcome;

/**
 * The rules of Microsoft's state service, as pure functions of (entry or null, request, now). See
 * docs/spec/stateserver-protocol.md, "Operations and state". Every request that finds an entry pushes its
 * sliding expiry, including those answered 423, so every such outcome is a PUT of the touched entry.
 */
public final class StateServerSemantics {
    private StateServerSemantics() {
    }

    public static Outcome<SessionEntry, StateResult> apply(SessionEntry entry, StateRequest request, long now) {
        StateResult invalid = request.validate();
        if (invalid != null) {
            return Outcome.keep(invalid);
        }
        if (entry == null) {
            return request.kind() == StateRequest.Kind.SET ? insert(request, now) : Outcome.keep(StateResult.NOT_FOUND);
        }
        switch (request.kind()) {
            case GET:
                return get(entry, now);
            case GET_EXCLUSIVE:
                return getExclusive(entry, now);
            case RELEASE_EXCLUSIVE:
                return releaseExclusive(entry, request, now);
            case SET:
                return set(entry, request, now);
            case REMOVE:
                return remove(entry, request, now);
            case RESET_TIMEOUT:
                return Outcome.put(entry.touched(now), StateResult.OK);
            default:
                throw new IllegalStateException("unknown request kind " + request.kind());
        }
    }

    private static Outcome<SessionEntry, StateResult> insert(StateRequest request, long now) {
        SessionEntry created = SessionEntry.created(request.data(), request.timeoutMinutes(), request.insertOnly(), now);
        return Outcome.put(created, StateResult.OK);
    }

    /** Reads report ActionFlags once: the read that finds the entry uninitialized clears the flag. */
    private static Outcome<SessionEntry, StateResult> get(SessionEntry entry, long now) {
        SessionEntry read = entry.read(now);
        StateResult result = entry.locked()
                ? StateResult.locked(entry, now, entry.uninitialized())
                : StateResult.data(entry, entry.uninitialized());
        return Outcome.put(read, result);
    }

    private static Outcome<SessionEntry, StateResult> getExclusive(SessionEntry entry, long now) {
        if (entry.locked()) {
            return Outcome.put(entry.read(now), StateResult.locked(entry, now, entry.uninitialized()));
        }
        SessionEntry locked = entry.lockedBy(SessionEntry.nextCookie(entry.lockCookie()), now);
        return Outcome.put(locked, StateResult.dataLocked(locked, entry.uninitialized()));
    }

    private static Outcome<SessionEntry, StateResult> releaseExclusive(SessionEntry entry, StateRequest request,
                                                                       long now) {
        boolean actionFlags = entry.uninitialized();
        if (!entry.locked()) {
            return Outcome.put(entry.read(now), StateResult.ok(actionFlags));
        }
        if (request.lockCookie() != entry.lockCookie()) {
            return Outcome.put(entry.read(now), StateResult.locked(entry, now, actionFlags));
        }
        return Outcome.put(entry.unlocked(now), StateResult.ok(actionFlags));
    }

    private static Outcome<SessionEntry, StateResult> set(SessionEntry entry, StateRequest request, long now) {
        if (request.insertOnly()) {
            return Outcome.put(entry.touched(now), StateResult.OK);
        }
        if (heldByAnother(entry, request)) {
            return Outcome.put(entry.touched(now), StateResult.locked(entry, now, false));
        }
        return Outcome.put(entry.replaced(request.data(), request.timeoutMinutes(), now), StateResult.OK);
    }

    private static Outcome<SessionEntry, StateResult> remove(SessionEntry entry, StateRequest request, long now) {
        if (heldByAnother(entry, request)) {
            return Outcome.put(entry.touched(now), StateResult.locked(entry, now, false));
        }
        return Outcome.delete(StateResult.OK);
    }

    /** Locked, and the request does not carry the lock's cookie. */
    private static boolean heldByAnother(SessionEntry entry, StateRequest request) {
        return entry.locked() && (!request.hasLockCookie() || request.lockCookie() != entry.lockCookie());
    }
}
