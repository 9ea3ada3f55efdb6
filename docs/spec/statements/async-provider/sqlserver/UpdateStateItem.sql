
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @LockCookie int,
                    @Timeout int,
                    @SessionItemLong varbinary(max)
            ) AS
                UPDATE {0} WITH (ROWLOCK)
                SET Expires = DATEADD(n, @Timeout, GETUTCDATE()), 
                    SessionItemLong = @SessionItemLong,
                    Timeout = @Timeout,
                    Locked = 0
                WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            