
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @Locked bit OUTPUT,
                    @LockAge int OUTPUT,
                    @LockCookie int OUTPUT,
                    @ActionFlags int OUTPUT
            ) AS
                DECLARE @stateItem AS varbinary(max)
                DECLARE @now AS datetime
                DECLARE @nowLocal AS datetime
            
                SET @now = GETUTCDATE()
                SET @nowLocal = GETDATE()
            
                UPDATE {0} WITH (ROWLOCK, XLOCK)
                SET Expires = DATEADD(n, Timeout, @now), 
                    LockDate = CASE Locked
                        WHEN 0 THEN @now
                        ELSE LockDate
                        END,
                    LockDateLocal = CASE Locked
                        WHEN 0 THEN @nowLocal
                        ELSE LockDateLocal
                        END,
                    @LockAge = CASE Locked
                        WHEN 0 THEN 0
                        ELSE DATEDIFF(second, LockDate, @now)
                        END,
                    @LockCookie = LockCookie = CASE Locked
                        WHEN 0 THEN LockCookie + 1
                        ELSE LockCookie
                        END,
                    @stateItem = CASE Locked
                        WHEN 0 THEN SessionItemLong
                        ELSE NULL
                        END,
                    @Locked = Locked,
                    Locked = 1,

                    /* If the Uninitialized flag (0x1) if it is set,
                        remove it and return InitializeItem (0x1) in actionFlags */
                    Flags = CASE
                        WHEN (Flags & 1) <> 0 THEN (Flags & ~1)
                        ELSE Flags
                        END,
                    @ActionFlags = CASE
                        WHEN (Flags & 1) <> 0 THEN 1
                        ELSE 0
                        END
                WHERE SessionId = @SessionId
                IF @stateItem IS NOT NULL BEGIN
                    SELECT @stateItem
                END
            