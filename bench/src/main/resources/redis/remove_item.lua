-- RemoveItem: delete a session (Session.Abandon), by the holder of its lock.
-- KEYS[1] = {id}_WriteLock                  the lock id of the holder, absent when unlocked
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the lock id the caller holds, or '' for none
-- Returns {0}               when deleted (all three keys),
--         {2, holderLockId} when a different lock holds the session (nothing is deleted),
--         {1}               when the session does not exist.
if redis.call('EXISTS', KEYS[2]) == 0 then
    return {1}
end
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then
    return {2, tonumber(holder)}
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return {0}
