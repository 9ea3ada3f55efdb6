-- ReleaseItemExclusive: release a lock without writing (a page that changed nothing, or a request that
-- waited longer than the execution timeout for a lock and breaks it with the holder's lock id).
-- KEYS[1] = {id}_WriteLock                  the lock id of the holder, absent when unlocked
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the lock id to release
-- Returns {0}               when released, or when the session was not locked,
--         {2, holderLockId} when a different lock holds the session (it stays locked),
--         {1}               when the session does not exist (a matching lock is still removed).
local holder = redis.call('GET', KEYS[1])
if holder and holder == ARGV[1] then
    redis.call('DEL', KEYS[1])
end
local timeout = redis.call('GET', KEYS[3])
-- EXPIRE answers 0 for a missing key: the slide doubles as the existence check.
if not timeout or redis.call('EXPIRE', KEYS[2], timeout) == 0 then
    return {1}
end
redis.call('EXPIRE', KEYS[3], timeout)
if holder and holder ~= ARGV[1] then
    return {2, tonumber(holder)}
end
return {0}
