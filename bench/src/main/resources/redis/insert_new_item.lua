-- InsertNewItem: create an uninitialized session for a new visitor (CreateUninitializedItem; the
-- StateServer's PUT with ExtraFlags:1). Only creates: an existing session keeps its data and lock.
-- KEYS[1] = {id}_WriteLock                  unused; passed so that every script takes the same three keys
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the serialized empty session (it carries the "uninitialized" mark, as in the provider)
-- ARGV[2] = the session timeout in seconds
-- Returns {0}, whether it created the session or found one (then only its expiry slides).
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[2]) then
    redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[2])
    return {0}
end
local timeout = redis.call('GET', KEYS[3])
if timeout then
    redis.call('EXPIRE', KEYS[2], timeout)
    redis.call('EXPIRE', KEYS[3], timeout)
end
return {0}
