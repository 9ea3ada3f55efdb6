
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @Locked bit OUTPUT,
                    @LockAge int OUTPUT,
                    @LockCookie int OUTPUT,
                    @ActionFlags int OUTPUT
            ) WITH NATIVE_COMPILATION, SCHEMABINDING AS
                BEGIN ATOMIC
                    WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
                    DECLARE @stateItem AS varbinary(max)
                    DECLARE @now AS datetime
                    DECLARE @nowLocal AS datetime

                    SET @now = GETUTCDATE()
                    SET @nowLocal = GETDATE()

                    DECLARE @LockedCheck bit
                    DECLARE @Flags int

                    SELECT @LockedCheck = Locked, @Flags = Flags 
                        FROM [dbo].{0}
                        WHERE SessionId = @SessionId
                    IF @Flags&1 <> 0
                    BEGIN
                        SET @ActionFlags = 1
                        UPDATE [dbo].{0}
                            SET Flags = Flags & ~1 WHERE SessionId = @SessionId
                    END
                    ELSE
                        SET @ActionFlags = 0

                    IF @LockedCheck = 1
                    BEGIN
                        UPDATE [dbo].{0}
                        SET Expires = DATEADD(n, Timeout, @now), 
                            @LockAge = DATEDIFF(second, LockDate, @now),
                            @LockCookie = LockCookie,
                            --@stateItem = NULL,
                            @Locked = 1
                        WHERE SessionId = @SessionId
                    END
                    ELSE
                    BEGIN
                        UPDATE [dbo].{0}
                        SET Expires = DATEADD(n, Timeout, @now), 
                            LockDate = @now,
                            LockDateLocal = @nowlocal,
                            @LockAge = 0,
                            @LockCookie = LockCookie = LockCookie + 1,
                            @stateItem = SessionItemLong,
                            @Locked = 0,
                            Locked = 1
                        WHERE SessionId = @SessionId

                        IF @stateItem IS NOT NULL
                            SELECT @stateItem
                    END
                END