-- SetAndReleaseItemExclusive: write the session back and release the lock taken by GetItemExclusive
-- (a read-write page ending).
-- KEYS[1] = {id}_WriteLock                  the lock id of the holder, absent when unlocked
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the lock id this writer holds
-- ARGV[2] = the serialized session
-- ARGV[3] = the session timeout in seconds
-- Returns {0}               when written (the lock was ours, or there was none: it lapsed, or never existed),
--         {2, holderLockId} when another lock holds the session (nothing is written).
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then
    return {2, tonumber(holder)}
end
-- SET with EX writes value and expiry in one command (the provider sends SET then EXPIRE).
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
redis.call('SET', KEYS[3], ARGV[3], 'EX', ARGV[3])
if holder then
    redis.call('DEL', KEYS[1])
end
return {0}
