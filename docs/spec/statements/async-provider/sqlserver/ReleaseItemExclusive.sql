
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @LockCookie int
            ) AS
                UPDATE {0} WITH (ROWLOCK)
                SET Expires = DATEADD(n, Timeout, GETUTCDATE()),
                    Locked = 0
                WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            