
            IF NOT EXISTS (SELECT *
                FROM INFORMATION_SCHEMA.TABLES
                WHERE TABLE_NAME = '{0}')
            BEGIN
               CREATE TABLE {0} (
               SessionId           nvarchar(88)    COLLATE Latin1_General_100_BIN2 NOT NULL,
               Created             datetime        NOT NULL DEFAULT GETUTCDATE(),
               Expires             datetime        NOT NULL,
               LockDate            datetime        NOT NULL,
               LockDateLocal       datetime        NOT NULL,
               LockCookie          int             NOT NULL,
               Timeout             int             NOT NULL,
               Locked              bit             NOT NULL,
               SessionItemLong     varbinary(max)  NULL,
               Flags               int             NOT NULL DEFAULT 0,
               INDEX [Index_Expires] NONCLUSTERED
               (
	               [Expires] ASC
               ),
               PRIMARY KEY NONCLUSTERED HASH
               (
	               [SessionId]
               ) WITH ( BUCKET_COUNT = 33554432)
               ) WITH ( MEMORY_OPTIMIZED = ON , DURABILITY = {1})
            END