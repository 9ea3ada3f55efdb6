
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @Timeout int,
                    @SessionItemLong varbinary(max)
            ) WITH NATIVE_COMPILATION, SCHEMABINDING AS
                BEGIN ATOMIC
                    WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
                    DECLARE @now AS datetime
                    DECLARE @nowLocal AS datetime
                    SET @now = GETUTCDATE()
                    SET @nowLocal = GETDATE()

                    INSERT [dbo].{0} (SessionId, 
                         SessionItemLong,
                         Timeout, 
                         Expires, 
                         Locked, 
                         LockDate,
                         LockDateLocal,
                         LockCookie,
                         Flags) 
                    VALUES
                        (@SessionId,
                         @SessionItemLong,
                         @Timeout,
                         DATEADD(n, @Timeout, @now),
                         0,
                         @now,
                         @nowLocal,
                         1,
                         1)
                END