package aspstate.bench.redis;

import aspstate.bench.Reply;
import java.util.List;

/**
 * Turns a script's array reply into a {@link Reply}. Every script answers {status, lockId, data} with trailing
 * elements left off when they do not apply: status 0 = OK, 1 = not found, 2 = locked (lockId = the holder's).
 */
final class ScriptReplies {
    static final long OK = 0;
    static final long NOT_FOUND = 1;
    static final long LOCKED = 2;

    private ScriptReplies() {}

    static Reply toReply(List<Object> result) {
        if (result == null || result.isEmpty() || !(result.get(0) instanceof Long)) {
            return Reply.ERROR;
        }
        long status = (Long) result.get(0);
        if (status == OK) {
            return result.size() < 3 ? Reply.OK : new Reply(Reply.Status.OK, lockId(result), (byte[]) result.get(2));
        }
        if (status == NOT_FOUND) {
            return Reply.NOT_FOUND;
        }
        if (status == LOCKED) {
            return new Reply(Reply.Status.LOCKED, lockId(result), null);
        }
        return Reply.ERROR;
    }

    /** The lock id at index 1, or 0 when absent or not one of ours (e.g. a lock written by another tool). */
    private static int lockId(List<Object> result) {
        if (result.size() < 2 || !(result.get(1) instanceof Long)) {
            return 0;
        }
        long id = (Long) result.get(1);
        return id >= 1 && id <= LockIds.MAX ? (int) id : 0;
    }
}
