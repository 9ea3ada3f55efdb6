// Makes the calls of ASP.NET Core's distributed SQL Server cache (Microsoft.Extensions.Caching.SqlServer) and of
// `dotnet sql-cache create` through .NET's SqlClient (Mono 6.8 ships the corefx implementation the library's
// Microsoft.Data.SqlClient descends from), as they make them: the texts of docs/spec/statements/aspnetcore-cache,
// the parameters named, typed and sized as the library adds them (each type then reset to follow its value, as its
// ResetSqlDbType does: sliding seconds go as float, NULLs as nvarchar, times as datetimeoffset). Times are the
// client's @UtcNow, so expiry is tried without waiting. Prints one "name=value" line per observation for
// AspNetCoreCacheInteropTest to check.
// Usage: mono AspNetCoreCacheCalls.exe "<connection string>" <statements directory> <schema> <table>
using System;
using System.Data;
using System.Data.SqlClient;
using static Observations;

static class AspNetCoreCacheCalls {
    static string connectionString;
    static string directory;
    static string table;
    // DistributedSession's data: revision 2, 1 entry, the session's 16-byte id, then "user" = "alice".
    static readonly byte[] Session = {
        2, 0, 0, 1, 0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
        0, 4, (byte) 'u', (byte) 's', (byte) 'e', (byte) 'r', 0, 0, 0, 5,
        (byte) 'a', (byte) 'l', (byte) 'i', (byte) 'c', (byte) 'e'};

    static void Main(string[] args) {
        connectionString = args[0];
        directory = args[1];
        string schema = args[2];
        string tableName = args[3];
        table = "[" + schema.Replace("]", "]]") + "].[" + tableName.Replace("]", "]]") + "]";
        DateTimeOffset t = DateTimeOffset.UtcNow;

        CreateTableAsTheToolDoes(schema, tableName);
        using (var connection = Open()) {
            new SqlCommand(Text(directory, "idempotent-script.sql", table, schema.Replace("'", "''"), tableName.Replace("'", "''")),
                connection).ExecuteNonQuery();
            Print("script", "ok");
        }

        // An ASP.NET Core session's life: loaded (none yet), committed (Set, idle timeout 20 minutes), read on a
        // later request, refreshed by a request that only read it, and gone 20 idle minutes after the last one.
        string key = "b1f2a8c0-0000-4000-8000-00000000000" + (t.Ticks % 10);
        Print("load", Describe(Get(key, t)));
        Set(key, Session, TimeSpan.FromMinutes(20), null, t);
        Print("read", Describe(Get(key, t.AddMinutes(1))));
        Print("refreshed", Refresh(key, t.AddMinutes(19)));
        Print("afterRefresh", Describe(Get(key, t.AddMinutes(38))));
        Print("idle", Describe(Get(key, t.AddMinutes(58).AddSeconds(1))));
        Set(key, Session, TimeSpan.FromMinutes(20), null, t);
        Print("removed", Remove(key));
        Print("afterRemove", Describe(Get(key, t)));

        // A sliding expiration capped by an absolute one: renewed up to it, never past it.
        Set("capped", Session, TimeSpan.FromSeconds(100), t.AddSeconds(150), t);
        Print("capped80", Describe(Get("capped", t.AddSeconds(80))));
        Print("capped150", Describe(Get("capped", t.AddSeconds(150))));
        Print("capped151", Describe(Get("capped", t.AddSeconds(151))));

        // A large value goes without a size (varbinary(max)); the expired entries go by the client's clock.
        byte[] large = new byte[100000];
        new Random(7).NextBytes(large);
        Set("large", large, TimeSpan.FromSeconds(300), null, t);
        Print("large", Describe(Get("large", t)));
        Print("deletedExpired", DeleteExpired(t.AddSeconds(301)));
    }

    static SqlConnection Open() {
        var connection = new SqlConnection(connectionString);
        connection.Open();
        return connection;
    }

    /** dotnet sql-cache create: the table-info query, then the table and its index in a transaction. */
    static void CreateTableAsTheToolDoes(string schema, string tableName) {
        using (var connection = Open()) {
            var info = new SqlCommand(Text(directory, "table-info.sql", schema.Replace("'", "''"), tableName.Replace("'", "''")),
                connection);
            using (var reader = info.ExecuteReader(CommandBehavior.SingleRow)) {
                Print("tableExists", reader.Read());
            }
            using (var transaction = connection.BeginTransaction()) {
                new SqlCommand(Text(directory, "create-table.sql", table), connection, transaction).ExecuteNonQuery();
                new SqlCommand(Text(directory, "create-index.sql", table), connection, transaction).ExecuteNonQuery();
                transaction.Commit();
            }
            Print("created", "True");
        }
    }

    static byte[] Get(string key, DateTimeOffset utcNow) {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "get.sql", table), connection);
            AddId(command, key);
            Add(command, "UtcNow", SqlDbType.DateTimeOffset, utcNow);
            using (var reader = command.ExecuteReader(
                    CommandBehavior.SequentialAccess | CommandBehavior.SingleRow | CommandBehavior.SingleResult)) {
                return reader.Read() ? reader.GetFieldValue<byte[]>(0) : null;
            }
        }
    }

    static int Refresh(string key, DateTimeOffset utcNow) {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "refresh.sql", table), connection);
            AddId(command, key);
            Add(command, "UtcNow", SqlDbType.DateTimeOffset, utcNow);
            return command.ExecuteNonQuery();
        }
    }

    static void Set(string key, byte[] value, TimeSpan? sliding, DateTimeOffset? absolute, DateTimeOffset utcNow) {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "set.sql", table), connection);
            AddId(command, key);
            if (value.Length < 8000) {
                Add(command, "Value", SqlDbType.VarBinary, 8000, value);
            } else {
                Add(command, "Value", SqlDbType.VarBinary, value);
            }
            Add(command, "SlidingExpirationInSeconds", SqlDbType.BigInt,
                sliding.HasValue ? (object) sliding.Value.TotalSeconds : DBNull.Value);
            Add(command, "AbsoluteExpiration", SqlDbType.DateTimeOffset,
                absolute.HasValue ? (object) absolute.Value : DBNull.Value);
            Add(command, "UtcNow", SqlDbType.DateTimeOffset, utcNow);
            command.ExecuteNonQuery();
        }
    }

    static int Remove(string key) {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "remove.sql", table), connection);
            AddId(command, key);
            return command.ExecuteNonQuery();
        }
    }

    static int DeleteExpired(DateTimeOffset utcNow) {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "delete-expired.sql", table), connection);
            Add(command, "UtcNow", SqlDbType.DateTimeOffset, utcNow);
            return command.ExecuteNonQuery();
        }
    }

    static void AddId(SqlCommand command, string key) {
        Add(command, "Id", SqlDbType.NVarChar, 449, key);
    }

    static void Add(SqlCommand command, string name, SqlDbType type, object value) {
        var parameter = new SqlParameter(name, type);
        parameter.Value = value;
        command.Parameters.Add(parameter);
        parameter.ResetSqlDbType();
    }

    static void Add(SqlCommand command, string name, SqlDbType type, int size, object value) {
        var parameter = new SqlParameter(name, type, size);
        parameter.Value = value;
        command.Parameters.Add(parameter);
        parameter.ResetSqlDbType();
    }
}
