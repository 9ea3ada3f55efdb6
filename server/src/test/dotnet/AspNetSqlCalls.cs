// Calls the ASPState procedures through .NET's SqlClient (Mono 6.8 ships the corefx implementation that
// ASP.NET's SqlSessionStateStore runs on) the way that store calls them: RPC by name with CommandType
// StoredProcedure, its parameter names, types and sizes, outputs sent as NULL. Prints one "name=value" line per
// observation for SqlClientInteropTest to check. Usage: mono AspNetSqlCalls.exe "<connection string>"
using System;
using System.Data;
using System.Data.SqlClient;
using static Observations;

static class AspNetSqlCalls {
    const int Timeout = 20;

    static void Main(string[] args) {
        string connectionString = args[0];
        using (var connection = new SqlConnection(connectionString)) {
            connection.Open();
            var probe = new SqlCommand("Select name from sysobjects where type = 'P' and name = 'TempGetVersion'",
                connection);
            Print("probe", probe.ExecuteScalar());

            var appId = Command(connection, "TempGetAppID");
            appId.Parameters.Add("@appName", SqlDbType.VarChar, 280).Value = "/LM/W3SVC/1/ROOT/SessionStateSerialization";
            var appIdOut = Output(appId, "@appId", SqlDbType.Int);
            appId.ExecuteNonQuery();
            Print("appId", appIdOut.Value);
            string id = "abcdefghijklmnopqrstuvwx" + ((int) appIdOut.Value).ToString("x8");

            Print("missing", Get(connection, "TempGetStateItemExclusive3", id));
            Insert(connection, "TempInsertUninitializedItem", "@itemShort", SqlDbType.VarBinary, 7000, id,
                new byte[] {2, 0, 0, 0, 0, 0, 0xFF});
            string locked = Get(connection, "TempGetStateItemExclusive3", id);
            Print("new", locked);
            int cookie = int.Parse(Field(locked, "cookie"));
            Update(connection, "TempUpdateStateItemShort", "@itemShort", SqlDbType.VarBinary, 7000, id,
                Bytes(300, 1), cookie);
            Print("read", Get(connection, "TempGetStateItem3", id));

            cookie = int.Parse(Field(Get(connection, "TempGetStateItemExclusive3", id), "cookie"));
            Update(connection, "TempUpdateStateItemLongNullShort", "@itemLong", SqlDbType.Image, 10000, id,
                Bytes(10000, 2), cookie);
            string longRead = Get(connection, "TempGetStateItemExclusive3", id);
            Print("long", longRead);
            using (var other = new SqlConnection(connectionString)) {
                other.Open();
                Print("polled", Get(other, "TempGetStateItemExclusive3", id));
            }
            var release = Command(connection, "TempReleaseStateItemExclusive");
            release.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
            release.Parameters.Add("@lockCookie", SqlDbType.Int).Value = int.Parse(Field(longRead, "cookie"));
            release.ExecuteNonQuery();
            var reset = Command(connection, "TempResetTimeout");
            reset.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
            reset.ExecuteNonQuery();
            Print("released", Get(connection, "TempGetStateItem3", id));

            try {
                Insert(connection, "TempInsertStateItemShort", "@itemShort", SqlDbType.VarBinary, 7000, id,
                    new byte[] {1});
                Print("duplicate", "none");
            } catch (SqlException e) {
                Print("duplicate", e.Number);
            }
            var remove = Command(connection, "TempRemoveStateItem");
            remove.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
            remove.Parameters.Add("@lockCookie", SqlDbType.Int).Value = int.Parse(Field(longRead, "cookie"));
            remove.ExecuteNonQuery();
            Print("removed", Get(connection, "TempGetStateItem3", id));
        }
        // A pooled connection comes back with the reset bit on its next request.
        using (var connection = new SqlConnection(connectionString)) {
            connection.Open();
            Print("reused", new SqlCommand("SELECT 1", connection).ExecuteScalar());
        }
    }

    static SqlCommand Command(SqlConnection connection, string procedure) {
        var command = new SqlCommand("dbo." + procedure, connection);
        command.CommandType = CommandType.StoredProcedure;
        return command;
    }

    static SqlParameter Output(SqlCommand command, string name, SqlDbType type, int size = 0) {
        var parameter = size > 0 ? command.Parameters.Add(name, type, size) : command.Parameters.Add(name, type);
        parameter.Direction = ParameterDirection.Output;
        parameter.Value = DBNull.Value;
        return parameter;
    }

    static void Insert(SqlConnection connection, string procedure, string item, SqlDbType type, int size, string id,
                       byte[] data) {
        var command = Command(connection, procedure);
        command.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
        command.Parameters.Add(item, type, size).Value = data;
        command.Parameters.Add("@timeout", SqlDbType.Int).Value = Timeout;
        command.ExecuteNonQuery();
    }

    static void Update(SqlConnection connection, string procedure, string item, SqlDbType type, int size, string id,
                       byte[] data, int cookie) {
        var command = Command(connection, procedure);
        command.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
        command.Parameters.Add(item, type, size).Value = data;
        command.Parameters.Add("@timeout", SqlDbType.Int).Value = Timeout;
        command.Parameters.Add("@lockCookie", SqlDbType.Int).Value = cookie;
        command.ExecuteNonQuery();
    }

    /** A v3 get as the store runs it: ExecuteReader, the SessionItemLong row if any, then the outputs. */
    static string Get(SqlConnection connection, string procedure, string id) {
        var command = Command(connection, procedure);
        command.Parameters.Add("@id", SqlDbType.NVarChar, 88).Value = id;
        var itemShort = Output(command, "@itemShort", SqlDbType.VarBinary, 7000);
        var locked = Output(command, "@locked", SqlDbType.Bit);
        var lockAge = Output(command, "@lockAge", SqlDbType.Int);
        var lockCookie = Output(command, "@lockCookie", SqlDbType.Int);
        var actionFlags = Output(command, "@actionFlags", SqlDbType.Int);
        string itemLong = "null";
        using (var reader = command.ExecuteReader()) {
            if (reader.Read()) {
                itemLong = Describe(reader.GetSqlBinary(0).Value);
            }
        }
        return "item=" + Describe(itemShort.Value) + " long=" + itemLong + " locked=" + Show(locked.Value)
            + " age=" + Show(lockAge.Value) + " cookie=" + Show(lockCookie.Value) + " flags=" + Show(actionFlags.Value);
    }

    static byte[] Bytes(int length, int seed) {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}
