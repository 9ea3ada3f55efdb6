-- GetItem: read a session without locking it (a read-only page).
-- KEYS[1] = {id}_WriteLock                  the lock id of the holder, absent when unlocked
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV    = none
-- Returns {0, 0, data}      when the session is unlocked,
--         {2, holderLockId} when a lock holds it (nothing is read),
--         {1}               when the session does not exist.
local holder = redis.call('GET', KEYS[1])
local timeout = redis.call('GET', KEYS[3])
-- Every request that finds the session slides its expiry, locked or not.
if timeout then
    redis.call('EXPIRE', KEYS[2], timeout)
    redis.call('EXPIRE', KEYS[3], timeout)
end
if holder then
    return {2, tonumber(holder)}
end
local data = redis.call('GET', KEYS[2])
if not data or not timeout then
    return {1}
end
return {0, 0, data}
