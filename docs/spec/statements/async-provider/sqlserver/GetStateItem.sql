
            CREATE PROCEDURE {1} (
                    @SessionId nvarchar(88),
                    @Locked bit OUTPUT,
                    @LockAge int OUTPUT,
                    @LockCookie int OUTPUT,
                    @ActionFlags int OUTPUT
            ) AS
                DECLARE @stateItem AS varbinary(max)
                DECLARE @now AS datetime
                SET @now = GETUTCDATE()

                UPDATE {0} WITH (XLOCK, ROWLOCK)
                SET Expires = DATEADD(n, Timeout, @now), 
                    @Locked = Locked,
                    @LockAge = DATEDIFF(second, LockDate, @now),
                    @LockCookie = LockCookie,
                    @stateItem = CASE @locked
                        WHEN 0 THEN SessionItemLong
                        ELSE NULL
                        END,
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
            