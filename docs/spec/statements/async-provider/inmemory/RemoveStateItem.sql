
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @LockCookie int
            ) WITH NATIVE_COMPILATION, SCHEMABINDING AS
                BEGIN ATOMIC
                    WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
                    DELETE [dbo].{0}
                    WHERE SessionId = @SessionId AND LockCookie = @LockCookie
                END