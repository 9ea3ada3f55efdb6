
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88)
            ) AS
                UPDATE {0}
                SET Expires = DATEADD(n, Timeout, GETUTCDATE())
                WHERE SessionId = @SessionId
            