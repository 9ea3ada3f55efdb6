
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @LockCookie int,
                    @Timeout int,
                    @SessionItemLong varbinary(max)
            ) WITH NATIVE_COMPILATION, SCHEMABINDING AS
                BEGIN ATOMIC
                    WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
                    UPDATE [dbo].{0}
                    SET Expires = DATEADD(n, @Timeout, GETUTCDATE()), 
                        SessionItemLong = @SessionItemLong,
                        Timeout = @Timeout,
                        Locked = 0
                    WHERE SessionId = @SessionId AND LockCookie = @LockCookie
                END