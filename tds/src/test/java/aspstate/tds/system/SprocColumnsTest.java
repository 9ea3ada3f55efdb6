package aspstate.tds.system;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.spstate.SharePointCatalog;
import aspstate.tds.sqlstate.AspStateCatalog;
import aspstate.tds.token.Column;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** sp_sproc_columns's rows for the real catalogs, as their declarations describe them. */
class SprocColumnsTest {
    private static final int COLUMN_NAME = 3;
    private static final int COLUMN_TYPE = 4;
    private static final int DATA_TYPE = 5;
    private static final int PRECISION = 7;
    private static final int LENGTH = 8;
    private static final int CHAR_OCTET_LENGTH = 16;
    private static final int ORDINAL_POSITION = 17;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final MemorySessionStore<AppRegistration> appIds =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final MemorySessionStore<SharePointStateItem> items =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final ProcedureCatalog catalog =
            ProcedureCatalog.combine(AspStateCatalog.create(sessions, appIds), SharePointCatalog.create(items));

    @AfterEach
    void closeStores() {
        sessions.close();
        appIds.close();
        items.close();
    }

    private RowSet describe(
            SprocColumns.Version version, String name, String column, int odbcVersion, boolean usePattern) {
        return new SprocColumns(version, catalog, "ASPState")
                .describe(new SprocColumnsQuery(name, null, null, column, odbcVersion, usePattern));
    }

    /** mssql-jdbc's query for named parameters: exact name, ODBC 3, no patterns. */
    private RowSet describeForJdbc(String name) {
        return describe(SprocColumns.Version.SP_SPROC_COLUMNS, name, null, 3, false);
    }

    private static List<Object> column(RowSet rows, int index) {
        return rows.rows().stream().map(row -> row.get(index)).toList();
    }

    @Test
    void columnsAreOdbcsProcedureColumnsThenSsDataType() {
        assertThat(describeForJdbc("TempGetAppID").columns())
                .extracting(Column::name)
                .containsExactly(
                        "PROCEDURE_QUALIFIER",
                        "PROCEDURE_OWNER",
                        "PROCEDURE_NAME",
                        "COLUMN_NAME",
                        "COLUMN_TYPE",
                        "DATA_TYPE",
                        "TYPE_NAME",
                        "PRECISION",
                        "LENGTH",
                        "SCALE",
                        "RADIX",
                        "NULLABLE",
                        "REMARKS",
                        "COLUMN_DEF",
                        "SQL_DATA_TYPE",
                        "SQL_DATETIME_SUB",
                        "CHAR_OCTET_LENGTH",
                        "ORDINAL_POSITION",
                        "IS_NULLABLE",
                        "SS_DATA_TYPE");
    }

    @Test
    void theReturnStatusComesFirstThenEveryParameterInDeclarationOrder() {
        RowSet rows = describeForJdbc("TempGetStateItemExclusive3");
        assertThat(column(rows, COLUMN_NAME))
                .containsExactly(
                        "@RETURN_VALUE", "@id", "@itemShort", "@locked", "@lockAge", "@lockCookie", "@actionFlags");
        assertThat(column(rows, COLUMN_TYPE)).containsExactly(5, 1, 2, 2, 2, 2, 2);
        assertThat(column(rows, ORDINAL_POSITION)).containsExactly(0, 1, 2, 3, 4, 5, 6);
        assertThat(rows.rows().get(0))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItemExclusive3;1",
                        "@RETURN_VALUE",
                        5,
                        4,
                        "int",
                        10,
                        4,
                        0,
                        10,
                        0,
                        null,
                        null,
                        4,
                        null,
                        null,
                        0,
                        "NO",
                        56);
        assertThat(rows.rows().get(1))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItemExclusive3;1",
                        "@id",
                        1,
                        -9,
                        "nvarchar",
                        88,
                        176,
                        null,
                        null,
                        1,
                        null,
                        null,
                        -9,
                        null,
                        176,
                        1,
                        "YES",
                        39);
        assertThat(rows.rows().get(2))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItemExclusive3;1",
                        "@itemShort",
                        2,
                        -3,
                        "varbinary",
                        7000,
                        7000,
                        null,
                        null,
                        1,
                        null,
                        null,
                        -3,
                        null,
                        7000,
                        2,
                        "YES",
                        37);
        assertThat(rows.rows().get(3))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItemExclusive3;1",
                        "@locked",
                        2,
                        -7,
                        "bit",
                        1,
                        1,
                        null,
                        null,
                        1,
                        null,
                        null,
                        -7,
                        null,
                        null,
                        3,
                        "YES",
                        50);
        assertThat(rows.rows().get(4))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItemExclusive3;1",
                        "@lockAge",
                        2,
                        4,
                        "int",
                        10,
                        4,
                        0,
                        10,
                        1,
                        null,
                        null,
                        4,
                        null,
                        null,
                        4,
                        "YES",
                        38);
    }

    @Test
    void everyDeclaredTypeIsDescribed() {
        RowSet appId = describeForJdbc("TempGetAppID");
        assertThat(appId.rows().get(1))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetAppID;1",
                        "@appName",
                        1,
                        12,
                        "varchar",
                        280,
                        280,
                        null,
                        null,
                        1,
                        null,
                        null,
                        12,
                        null,
                        280,
                        1,
                        "YES",
                        39);
        assertThat(describeForJdbc("TempGetVersion").rows().get(1))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetVersion;1",
                        "@ver",
                        2,
                        1,
                        "char",
                        10,
                        10,
                        null,
                        null,
                        1,
                        null,
                        null,
                        1,
                        null,
                        10,
                        1,
                        "YES",
                        47);
        assertThat(describeForJdbc("TempInsertStateItemLong").rows().get(2))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempInsertStateItemLong;1",
                        "@itemLong",
                        1,
                        -4,
                        "image",
                        Integer.MAX_VALUE,
                        Integer.MAX_VALUE,
                        null,
                        null,
                        1,
                        null,
                        null,
                        -4,
                        null,
                        Integer.MAX_VALUE,
                        2,
                        "YES",
                        34);
        assertThat(describeForJdbc("TempGetStateItem").rows().get(4))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "TempGetStateItem;1",
                        "@lockDate",
                        2,
                        93,
                        "datetime",
                        23,
                        16,
                        3,
                        null,
                        1,
                        null,
                        null,
                        9,
                        3,
                        null,
                        4,
                        "YES",
                        111);
        assertThat(describeForJdbc("proc_AddItem").rows().get(1))
                .containsExactly(
                        "ASPState",
                        "dbo",
                        "proc_AddItem;1",
                        "@id",
                        1,
                        12,
                        "varchar",
                        512,
                        512,
                        null,
                        null,
                        1,
                        null,
                        null,
                        12,
                        null,
                        512,
                        1,
                        "YES",
                        39);
    }

    @Test
    void odbc2ReportsDatetimeWithItsOlderCode() {
        RowSet rows = describe(SprocColumns.Version.SP_SPROC_COLUMNS, "TempGetStateItem", "@lockDate", 2, false);
        assertThat(column(rows, DATA_TYPE)).containsExactly(11);
    }

    @Test
    void varbinaryMaxIsSizeZeroForSql2008ClientsAndTheLegacyLongTypeForOlderOnes() {
        RowSet current = describe(SprocColumns.Version.SP_SPROC_COLUMNS_100, "proc_AddItem", "@item", 3, false);
        assertThat(Arrays.asList(
                        column(current, DATA_TYPE).get(0),
                        column(current, PRECISION).get(0),
                        column(current, LENGTH).get(0),
                        column(current, CHAR_OCTET_LENGTH).get(0)))
                .containsExactly(-3, 0, 0, 0);
        RowSet legacy = describe(SprocColumns.Version.SP_SPROC_COLUMNS, "proc_AddItem", "@item", 3, false);
        assertThat(Arrays.asList(
                        column(legacy, DATA_TYPE).get(0),
                        column(legacy, PRECISION).get(0),
                        column(legacy, LENGTH).get(0),
                        column(legacy, CHAR_OCTET_LENGTH).get(0)))
                .containsExactly(-4, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    @Test
    void anUnknownProcedureHasNoRows() {
        RowSet rows = describeForJdbc("NoSuchProcedure");
        assertThat(rows.rows()).isEmpty();
        assertThat(rows.columns()).hasSize(20);
    }

    @Test
    void patternsSelectProceduresInNameOrderAndColumns() {
        RowSet rows =
                describe(SprocColumns.Version.SP_SPROC_COLUMNS_100, "tempgetstateitem%", "@RETURN_VALUE", 3, true);
        assertThat(rows.rows())
                .extracting(row -> row.get(2))
                .containsExactly(
                        "TempGetStateItem;1",
                        "TempGetStateItem2;1",
                        "TempGetStateItem3;1",
                        "TempGetStateItemExclusive;1",
                        "TempGetStateItemExclusive2;1",
                        "TempGetStateItemExclusive3;1");
        assertThat(column(
                        describe(SprocColumns.Version.SP_SPROC_COLUMNS, "TempGetAppID", "@app%", 3, true), COLUMN_NAME))
                .containsExactly("@appName", "@appId");
    }

    @Test
    void withoutPatternsWildcardsAreCharacters() {
        assertThat(describe(SprocColumns.Version.SP_SPROC_COLUMNS, "TempGetStateItem_", null, 3, false)
                        .rows())
                .isEmpty();
        assertThat(describe(SprocColumns.Version.SP_SPROC_COLUMNS, "TempGetStateItem_", null, 3, true)
                        .rows())
                .extracting(row -> row.get(2))
                .contains("TempGetStateItem2;1", "TempGetStateItem3;1");
    }

    @Test
    void ownerAndQualifierAreMatchedAndReported() {
        SprocColumns procedure = new SprocColumns(SprocColumns.Version.SP_SPROC_COLUMNS, catalog, "master");
        assertThat(procedure
                        .describe(new SprocColumnsQuery("TempGetAppID", "sys", null, null, 3, false))
                        .rows())
                .isEmpty();
        assertThat(procedure
                        .describe(new SprocColumnsQuery("TempGetAppID", "DBO", null, null, 3, false))
                        .rows())
                .extracting(row -> row.get(0))
                .containsOnly("master");
        assertThat(procedure
                        .describe(new SprocColumnsQuery("TempGetAppID", "dbo", "ASPState", null, 3, false))
                        .rows())
                .extracting(row -> row.get(0))
                .containsOnly("ASPState");
    }

    @Test
    void aCallTakesArgumentsAsMssqlJdbcSendsThemAllAsText() {
        SprocColumns procedure = new SprocColumns(SprocColumns.Version.SP_SPROC_COLUMNS_100, catalog, "ASPState");
        ProcedureResult result = procedure
                .call(new ProcedureCall(
                        Map.of("@procedure_name", "TempGetAppID", "@procedure_owner", "dbo", "@ODBCVer", "3")))
                .toCompletableFuture()
                .join();
        assertThat(column((RowSet) result.outcomes().get(0), COLUMN_NAME))
                .containsExactly("@RETURN_VALUE", "@appName", "@appId");
    }

    @Test
    void anOdbcVersionThatIsNotANumberFailsAsConversionError245() {
        SprocColumns procedure = new SprocColumns(SprocColumns.Version.SP_SPROC_COLUMNS, catalog, "ASPState");
        ProcedureResult result = procedure
                .call(new ProcedureCall(Map.of("@procedure_name", "TempGetAppID", "@ODBCVer", "three")))
                .toCompletableFuture()
                .join();
        assertThat(result.error().number()).isEqualTo(245);
    }
}
