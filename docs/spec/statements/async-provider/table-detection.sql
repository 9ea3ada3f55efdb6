
                BEGIN
                    DECLARE @tableType int
                    DECLARE @isMemoryOpt int
                    SET @tableType = 0
                    SET @isMemoryOpt = 0
                    IF EXISTS (SELECT * 
                        FROM INFORMATION_SCHEMA.TABLES 
                        WHERE TABLE_NAME = '{0}')
                    BEGIN
                        IF NOT EXISTS (SELECT * 
                            FROM INFORMATION_SCHEMA.COLUMNS 
                            WHERE TABLE_NAME = '{0}' AND COLUMN_NAME = 'LockDateLocal')
                                SET @tableType = 1
                        ELSE IF EXISTS (SELECT * 
                            FROM INFORMATION_SCHEMA.COLUMNS 
                            WHERE TABLE_NAME = '{0}' AND COLUMN_NAME = 'SessionItemShort')
                                SET @tableType = 2
                        ELSE IF EXISTS(SELECT * 
                            FROM INFORMATION_SCHEMA.COLUMNS 
                            WHERE TABLE_NAME = '{0}' AND COLUMN_NAME = 'SessionItemLong' AND DATA_TYPE = 'image')
                                SET @tableType = 3
                        ELSE IF EXISTS(SELECT * 
                            FROM INFORMATION_SCHEMA.COLUMNS 
                            WHERE TABLE_NAME = '{0}' AND COLUMN_NAME = 'SessionItemLong' AND DATA_TYPE = 'varbinary')
                            BEGIN
                                SET @tableType = 4
                                BEGIN TRY
                                    SELECT @isMemoryOpt = CASE durability
                                        WHEN 0 THEN 2
                                        ELSE 1
                                        END
                                    FROM sys.tables
                                    WHERE is_memory_optimized = 1 AND name = '{0}'
                                END TRY
                                BEGIN CATCH
                                   SET @isMemoryOpt = 0
                                END CATCH
                            END
                        ELSE
                            SET @tableType = -1
                    END

                    SELECT @tableType, @isMemoryOpt
                END
            