package aspstate.tds.sql;

/** One statement of a SQL batch, in the T-SQL subset this server runs; {@link BatchParser} reads them. */
public sealed interface BatchStatement
        permits DeclareStatement,
                SetVariableStatement,
                SetOptionStatement,
                SelectStatement,
                SysobjectsQuery,
                UseStatement,
                ExecStatement,
                TransactionCheck {}
