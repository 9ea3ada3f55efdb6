package aspstate.tds.system;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SystemProceduresTest {
    private final SystemProcedures system = new SystemProcedures(new ProcedureCatalog(List.of()));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sp_sproc_columns",
                "SP_SPROC_COLUMNS",
                "sys.sp_sproc_columns",
                "[sys].[sp_sproc_columns]",
                "master.sys.sp_sproc_columns",
                "master..sp_sproc_columns",
                "dbo.sp_sproc_columns"
            })
    void spSprocColumnsIsFoundAsSqlServerFindsIt(String name) {
        assertThat(system.find(name, "ASPState")).map(Procedure::name).hasValue("sp_sproc_columns");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sp_sproc_columns_100", "sys.sp_sproc_columns_100"})
    void theSqlServer2008VersionIsFoundToo(String name) {
        assertThat(system.find(name, "ASPState")).map(Procedure::name).hasValue("sp_sproc_columns_100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"other.sp_sproc_columns", "sp_sproc_columns_90", "TempGetAppID", "a.b.c.sp_sproc_columns"})
    void otherNamesAreNotSystemProcedures(String name) {
        assertThat(system.find(name, "ASPState")).isEmpty();
    }
}
