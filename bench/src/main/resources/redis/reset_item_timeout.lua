-- ResetItemTimeout: keep a session alive without reading it (a page that does not use the session).
-- Locks are ignored.
-- KEYS[1] = {id}_WriteLock                  unused; passed so that every script takes the same three keys
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV    = none
-- Returns {0} when the expiry was slid, {1} when the session does not exist.
local timeout = redis.call('GET', KEYS[3])
-- EXPIRE answers 0 for a missing key: the slide doubles as the existence check.
if not timeout or redis.call('EXPIRE', KEYS[2], timeout) == 0 then
    return {1}
end
redis.call('EXPIRE', KEYS[3], timeout)
return {0}
