
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @LockCookie int
            ) AS
                DELETE {0}
                WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            