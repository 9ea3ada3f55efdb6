-- GetItemExclusive: read a session and take its write lock (a read-write page starting).
-- KEYS[1] = {id}_WriteLock                  the lock id of the holder, absent when unlocked
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the lock id to take (decimal, issued by the caller, like the provider's DateTime ticks)
-- Returns {0, lockId, data} when this call took the lock,
--         {2, holderLockId} when another lock holds the session (nothing is read),
--         {1}               when the session does not exist (no lock is left behind).
local holder = redis.call('GET', KEYS[1])
local timeout = redis.call('GET', KEYS[3])
if holder then
    -- A request that finds the session keeps it alive even when it is locked (sliding expiry). The lock
    -- itself does not slide: it must lapse if its holder dies.
    if timeout then
        redis.call('EXPIRE', KEYS[2], timeout)
        redis.call('EXPIRE', KEYS[3], timeout)
    end
    return {2, tonumber(holder)}
end
local data = redis.call('GET', KEYS[2])
-- Data and timeout are always written together with one expiry, so one without the other is no session.
if not data or not timeout then
    return {1}
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', timeout)
redis.call('EXPIRE', KEYS[2], timeout)
redis.call('EXPIRE', KEYS[3], timeout)
return {0, tonumber(ARGV[1]), data}
