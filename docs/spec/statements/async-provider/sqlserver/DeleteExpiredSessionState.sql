
            CREATE PROCEDURE {1} AS
                BEGIN
                    SET NOCOUNT ON
                    SET DEADLOCK_PRIORITY LOW

                    DECLARE @now datetime
                    SET @now = GETUTCDATE() 

                    CREATE TABLE #tblExpiredSessions 
                    ( 
                        SessionId nvarchar(88) NOT NULL PRIMARY KEY
                    )

                    INSERT #tblExpiredSessions (SessionId)
                        SELECT SessionId
                        FROM {0} WITH (READUNCOMMITTED)
                        WHERE Expires < @now

                    IF @@ROWCOUNT <> 0 
                    BEGIN 
                        DECLARE ExpiredSessionCursor CURSOR LOCAL FORWARD_ONLY READ_ONLY
                        FOR SELECT SessionId FROM #tblExpiredSessions

                        DECLARE @SessionId nvarchar(88)

                        OPEN ExpiredSessionCursor

                        FETCH NEXT FROM ExpiredSessionCursor INTO @SessionId

                        WHILE @@FETCH_STATUS = 0 
                            BEGIN
                                DELETE FROM {0} WHERE SessionId = @SessionId AND Expires < @now
                                FETCH NEXT FROM ExpiredSessionCursor INTO @SessionId
                            END

                        CLOSE ExpiredSessionCursor

                        DEALLOCATE ExpiredSessionCursor
                    END 

                    DROP TABLE #tblExpiredSessions
                END
            