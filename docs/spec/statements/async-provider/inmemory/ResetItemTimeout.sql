
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88)
            ) WITH NATIVE_COMPILATION, SCHEMABINDING AS
                BEGIN ATOMIC
                    WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
                    UPDATE [dbo].{0}
                    SET Expires = DATEADD(n, Timeout, GETUTCDATE())
                    WHERE SessionId = @SessionId
                END