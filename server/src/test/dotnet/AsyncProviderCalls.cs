// Makes the calls of Microsoft's SqlSessionStateProviderAsync (Microsoft.AspNet.SessionState.SqlSessionStateProviderAsync)
// through .NET's SqlClient (Mono 6.8 ships the corefx implementation the provider's Microsoft.Data.SqlClient
// descends from), as it makes them in each repositoryType: its start-up batches (the texts of
// docs/spec/statements/async-provider), then its procedures by the names it gives them, with its parameter names,
// types and sizes (CommandType.StoredProcedure, outputs sent as NULL). Prints one "name=value" line per observation
// for AsyncProviderInteropTest to check.
// Usage: mono AsyncProviderCalls.exe "<connection string>" <statements directory> <repositoryType> [<sessionTableName>]
using System;
using System.Data;
using System.Data.SqlClient;
using static Observations;

static class AsyncProviderCalls {
    const int Timeout = 20;
    static readonly string[] Procedures = {"GetStateItemExclusive", "GetStateItem", "DeleteExpiredSessionState",
        "InsertUninitializedItem", "ReleaseItemExclusive", "RemoveStateItem", "ResetItemTimeout", "UpdateStateItem",
        "InsertStateItem"};

    static string connectionString;
    static string directory;
    static string repositoryType;
    static string table;
    // The procedures' names: FrameworkCompat calls aspnet_regsql's; the others their own, named by table.
    static string prefix = "";
    static string postfix = "";

    static void Main(string[] args) {
        connectionString = args[0];
        directory = args[1];
        repositoryType = args[2];
        string tableName = args.Length > 3 ? args[3] : "";
        if (repositoryType == "FrameworkCompat") {
            table = tableName != "" ? tableName : "ASPStateTempSessions";
            DetectTables();
        } else {
            bool inMemory = repositoryType.StartsWith("InMemory");
            bool durable = repositoryType == "InMemoryDurable";
            if (tableName != "") {
                table = tableName;
                prefix = tableName + "_";
            } else {
                table = inMemory ? (durable ? "ASPNetSessionState_InMemDurable" : "ASPNetSessionState_InMem")
                    : "ASPNetSessionState";
                postfix = inMemory ? (durable ? "MD" : "M") : "";
            }
            CreateTableAndProcedures(inMemory, durable);
        }
        LockFlow("abcdefghijklmnopqrstuvwx" + "0A1B2C3D");
    }

    static SqlConnection Open() {
        var connection = new SqlConnection(connectionString);
        connection.Open();
        return connection;
    }

    /** FrameworkCompat's start: which kind of aspnet_regsql table is there; it works only with 1, 2 or 3. */
    static void DetectTables() {
        using (var connection = Open()) {
            var command = new SqlCommand(Text(directory, "table-detection.sql", table), connection);
            using (var reader = command.ExecuteReader()) {
                reader.Read();
                Print("tableType", reader.GetFieldValue<int>(0));
                Print("memoryOptimized", reader.GetFieldValue<int>(1));
            }
        }
    }

    /**
     * The other types' start: the table, then each procedure it finds missing by its count, in a transaction for
     * a table on disk. Then every definition once more, as the provider sends them to a database that lacks them.
     */
    static void CreateTableAndProcedures(bool inMemory, bool durable) {
        using (var connection = Open()) {
            SqlTransaction transaction = inMemory ? null : connection.BeginTransaction();
            string create = inMemory ? Text(directory, "create-table-inmemory.sql", table, durable ? "SCHEMA_AND_DATA" : "SCHEMA_ONLY")
                : Text(directory, "create-table-sqlserver.sql", table);
            new SqlCommand(create, connection, transaction).ExecuteNonQuery();
            int existing = 0;
            foreach (string procedure in Procedures) {
                string name = Name(procedure);
                var count = new SqlCommand(Text(directory, "routine-count.sql", name), connection, transaction);
                if ((int) count.ExecuteScalar() == 0) {
                    new SqlCommand(Definition(procedure, inMemory), connection, transaction).ExecuteNonQuery();
                } else {
                    existing++;
                }
            }
            if (transaction != null) {
                transaction.Commit();
            }
            Print("existing", existing);
            foreach (string procedure in Procedures) {
                new SqlCommand(Definition(procedure, inMemory), connection).ExecuteNonQuery();
            }
            Print("defined", Procedures.Length);
        }
    }

    static string Definition(string procedure, bool inMemory) {
        return Text(directory, (inMemory ? "inmemory/" : "sqlserver/") + procedure + ".sql", table, Name(procedure));
    }

    static string Name(string procedure) {
        return prefix + procedure + postfix;
    }

    static bool Compat {
        get { return repositoryType == "FrameworkCompat"; }
    }

    /** A new session's first request, a second request meeting its lock, the write that releases it, then its end. */
    static void LockFlow(string id) {
        Print("missing", Get(id, true));
        byte[] empty = {20, 0, 0, 0, 0, 0, 0xFF};
        if (Compat) {
            Call("TempInsertUninitializedItem", FxId(id), Input("@ItemShort", SqlDbType.VarBinary, empty.Length, empty),
                Input("@Timeout", SqlDbType.Int, 0, Timeout));
        } else {
            Call(Name("InsertUninitializedItem"), Id(id), Input("@Timeout", SqlDbType.Int, 0, Timeout),
                Input("@SessionItemLong", SqlDbType.VarBinary, empty.Length, empty));
        }
        string locked = Get(id, true);
        Print("new", locked);
        Print("second", Get(id, true));
        int cookie = int.Parse(Field(locked, "cookie"));
        byte[] data = new byte[300];
        new Random(1).NextBytes(data);
        if (Compat) {
            Call("TempUpdateStateItemShort", FxId(id), Input("@ItemShort", SqlDbType.VarBinary, data.Length, data),
                Input("@Timeout", SqlDbType.Int, 0, Timeout), Input("@LockCookie", SqlDbType.Int, 0, cookie));
        } else {
            Call(Name("UpdateStateItem"), Id(id), Input("@LockCookie", SqlDbType.Int, 0, cookie),
                Input("@Timeout", SqlDbType.Int, 0, Timeout),
                Input("@SessionItemLong", SqlDbType.VarBinary, data.Length, data));
        }
        Print("read", Get(id, false));
        if (Compat) {
            Print("classic", ClassicGet(id));
        }
        cookie = int.Parse(Field(Get(id, true), "cookie"));
        Call(Compat ? "TempReleaseStateItemExclusive" : Name("ReleaseItemExclusive"), Compat ? FxId(id) : Id(id),
            Input("@LockCookie", SqlDbType.Int, 0, cookie));
        Call(Compat ? "TempResetTimeout" : Name("ResetItemTimeout"), Compat ? FxId(id) : Id(id));
        Print("released", Get(id, false));
        try {
            if (Compat) {
                Call("TempInsertStateItemShort", FxId(id), Input("@ItemShort", SqlDbType.VarBinary, 1, new byte[] {1}),
                    Input("@Timeout", SqlDbType.Int, 0, Timeout));
            } else {
                Call(Name("InsertStateItem"), Id(id), Input("@Timeout", SqlDbType.Int, 0, Timeout),
                    Input("@SessionItemLong", SqlDbType.VarBinary, 1, new byte[] {1}));
            }
            Print("duplicate", "none");
        } catch (SqlException e) {
            Print("duplicate", e.Number);
        }
        Call(Compat ? "TempRemoveStateItem" : Name("RemoveStateItem"), Compat ? FxId(id) : Id(id),
            Input("@LockCookie", SqlDbType.Int, 0, cookie));
        Print("removed", Get(id, false));
        Call(Compat ? "DeleteExpiredSessions" : Name("DeleteExpiredSessionState"));
        Print("deletedExpired", "ok");
    }

    /**
     * A get as the provider makes it: ExecuteReader, the item's row if any, then the outputs. FrameworkCompat calls
     * TempGetStateItem(Exclusive)3 with @id and @ItemShort; the others their GetStateItem(Exclusive) with @SessionId,
     * the outputs in the order the provider adds them.
     */
    static string Get(string id, bool exclusive) {
        using (var connection = Open()) {
            var command = Command(connection, Compat ? (exclusive ? "TempGetStateItemExclusive3" : "TempGetStateItem3")
                : Name(exclusive ? "GetStateItemExclusive" : "GetStateItem"));
            if (Compat) {
                command.Parameters.Add(FxId(id));
                command.Parameters.Add(Output("@ItemShort", SqlDbType.VarBinary, 7000));
                command.Parameters.Add(Output("@Locked", SqlDbType.Bit, 0));
                command.Parameters.Add(Output("@LockAge", SqlDbType.Int, 0));
            } else {
                command.Parameters.Add(Id(id));
                if (exclusive) {
                    command.Parameters.Add(Output("@Locked", SqlDbType.Bit, 0));
                    command.Parameters.Add(Output("@LockAge", SqlDbType.Int, 0));
                } else {
                    command.Parameters.Add(Output("@LockAge", SqlDbType.Int, 0));
                    command.Parameters.Add(Output("@Locked", SqlDbType.Bit, 0));
                }
            }
            command.Parameters.Add(Output("@LockCookie", SqlDbType.Int, 0));
            command.Parameters.Add(Output("@ActionFlags", SqlDbType.Int, 0));
            string item = "null";
            using (var reader = command.ExecuteReader()) {
                if (reader.Read()) {
                    item = Describe(reader.GetFieldValue<byte[]>(0));
                }
            }
            if (Compat && item == "null") {
                item = Describe(command.Parameters["@ItemShort"].Value);
            }
            return "item=" + item + " locked=" + Show(command.Parameters["@Locked"].Value)
                + " age=" + Show(command.Parameters["@LockAge"].Value)
                + " cookie=" + Show(command.Parameters["@LockCookie"].Value)
                + " flags=" + Show(command.Parameters["@ActionFlags"].Value);
        }
    }

    /** What classic ASP.NET's SqlSessionStateStore reads of the same session: dbo.TempGetStateItem3. */
    static string ClassicGet(string id) {
        using (var connection = Open()) {
            var command = Command(connection, "dbo.TempGetStateItem3");
            command.Parameters.Add(Input("@id", SqlDbType.NVarChar, 88, id));
            var item = Output("@itemShort", SqlDbType.VarBinary, 7000);
            command.Parameters.Add(item);
            command.Parameters.Add(Output("@locked", SqlDbType.Bit, 0));
            command.Parameters.Add(Output("@lockAge", SqlDbType.Int, 0));
            command.Parameters.Add(Output("@lockCookie", SqlDbType.Int, 0));
            command.Parameters.Add(Output("@actionFlags", SqlDbType.Int, 0));
            command.ExecuteNonQuery();
            return "item=" + Describe(item.Value);
        }
    }

    static void Call(string procedure, params SqlParameter[] parameters) {
        using (var connection = Open()) {
            var command = Command(connection, procedure);
            command.Parameters.AddRange(parameters);
            command.ExecuteNonQuery();
        }
    }

    static SqlCommand Command(SqlConnection connection, string procedure) {
        var command = new SqlCommand(procedure, connection);
        command.CommandType = CommandType.StoredProcedure;
        return command;
    }

    static SqlParameter Id(string id) {
        return Input("@SessionId", SqlDbType.NVarChar, 88, id);
    }

    static SqlParameter FxId(string id) {
        return Input("@id", SqlDbType.NVarChar, 88, id);
    }

    static SqlParameter Input(string name, SqlDbType type, int size, object value) {
        var parameter = size > 0 ? new SqlParameter(name, type, size) : new SqlParameter(name, type);
        parameter.Value = value;
        return parameter;
    }

    static SqlParameter Output(string name, SqlDbType type, int size) {
        var parameter = size > 0 ? new SqlParameter(name, type, size) : new SqlParameter(name, type);
        parameter.Direction = ParameterDirection.Output;
        parameter.Value = DBNull.Value;
        return parameter;
    }
}
