-- SetItem: unconditional write of a session, used to pre-load sessions before a run (the provider's Set;
-- the StateServer's PUT without LockCookie). Does not look at or touch the lock.
-- KEYS[1] = {id}_WriteLock                  unused; passed so that every script takes the same three keys
-- KEYS[2] = {id}_SessionStateItemCollection the serialized session, one string
-- KEYS[3] = {id}_SessionTimeout             the session timeout in seconds
-- ARGV[1] = the serialized session
-- ARGV[2] = the session timeout in seconds
-- Returns {0}.
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[2])
return {0}
