package aspstate.tds.sqlstate;

import static aspstate.tds.proc.ProcedureParameter.input;
import static aspstate.tds.proc.ProcedureParameter.output;

import aspstate.core.sqlstate.AppIdResult;
import aspstate.core.sqlstate.AppIds;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlSessionProcedure;
import aspstate.core.sqlstate.SqlStateProcedure;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem2;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem3;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive2;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive3;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemLong;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertUninitializedItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempReleaseStateItemExclusive;
import aspstate.core.sqlstate.SqlStateProcedure.TempRemoveStateItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempResetTimeout;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemLong;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemLongNullShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemShortNullLong;
import aspstate.core.sqlstate.SqlStateServerProcedures;
import aspstate.core.store.SessionStore;
import aspstate.tds.error.SqlError;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.ItemBodies;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.SessionProcedure;
import aspstate.tds.proc.SessionTables;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The ASPState procedures ASP.NET's SQL Server session-state mode calls (docs/spec/sql-state-procedures.md), bound
 * to the stores that keep sessions and application ids. Every procedure is one line of {@link #create}: its name,
 * its parameters in the shipped declaration order (clients that pass values by position depend on it), and the
 * core semantics it runs.
 */
public final class AspStateCatalog {
    /** The session id, tSessionId in the shipped script: nvarchar(88), session id and application suffix. */
    private static final ProcedureParameter ID = input("@id", DeclaredType.nvarchar(88));

    private static final ProcedureParameter ITEM_SHORT = input("@itemShort", CallArguments.ITEM_SHORT_TYPE);
    /** tSessionItemLong: image. */
    private static final ProcedureParameter ITEM_LONG = input("@itemLong", DeclaredType.IMAGE);

    private static final List<ProcedureParameter> ID_ONLY = List.of(ID);
    private static final List<ProcedureParameter> ID_COOKIE = List.of(ID, CallArguments.LOCK_COOKIE);
    private static final List<ProcedureParameter> INSERT_SHORT = List.of(ID, ITEM_SHORT, CallArguments.TIMEOUT);
    private static final List<ProcedureParameter> INSERT_LONG = List.of(ID, ITEM_LONG, CallArguments.TIMEOUT);
    private static final List<ProcedureParameter> UPDATE_SHORT =
            List.of(ID, ITEM_SHORT, CallArguments.TIMEOUT, CallArguments.LOCK_COOKIE);
    private static final List<ProcedureParameter> UPDATE_LONG =
            List.of(ID, ITEM_LONG, CallArguments.TIMEOUT, CallArguments.LOCK_COOKIE);
    /**
     * TempGetVersion's @ver is char(10): the value is blank-padded, which a client reading it into a variable of
     * another type (sp_executesql) sees too.
     */
    private static final int VERSION_LENGTH = 10;
    /** tAppName: varchar(280). */
    private static final int APP_NAME_LENGTH = 280;
    /** ASPStateTempSessions: its keys are the ids alone. */
    private static final SessionRows ASPSTATE_ROWS = new SessionRows(
            "", ID.name(), SessionTables.DATABASE, SessionTables.SESSIONS_TABLE, SessionTables.SESSIONS_PRIMARY_KEY);

    private AspStateCatalog() {}

    /** The catalog as a SQL Server 2022 in this JVM's time zone serves it. */
    public static ProcedureCatalog create(SessionStore<SqlSessionItem> sessions, SessionStore<AppRegistration> appIds) {
        return create(sessions, appIds, new SqlStateServerProcedures(), ZoneId.systemDefault());
    }

    /**
     * Time comes from the stores' clocks: every procedure reads "now" inside the store's atomic step.
     *
     * @param sessions  the session items, keyed by @id
     * @param appIds    a store used for nothing else, so application names never meet session ids
     * @param server    the version this server claims
     * @param localZone the zone of v1 @lockDate, which the shipped procedures give in the server's local time
     */
    public static ProcedureCatalog create(
            SessionStore<SqlSessionItem> sessions,
            SessionStore<AppRegistration> appIds,
            SqlStateServerProcedures server,
            ZoneId localZone) {
        ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> items = ASPSTATE_ROWS.bodies(sessions);
        AppIds applications = new AppIds(appIds);
        return new ProcedureCatalog(List.of(
                new SessionProcedure(
                        "TempGetVersion",
                        List.of(output("@ver", DeclaredType.fixedChar(VERSION_LENGTH))),
                        arguments ->
                                answer("@ver", String.format("%-" + VERSION_LENGTH + "s", server.tempGetVersion()))),
                new SessionProcedure(
                        "GetMajorVersion",
                        List.of(output("@@ver", DeclaredType.INT)),
                        arguments -> answer("@@ver", server.getMajorVersion())),
                new SessionProcedure(
                        "TempGetAppID",
                        List.of(
                                input("@appName", DeclaredType.varchar(APP_NAME_LENGTH)),
                                output("@appId", DeclaredType.INT)),
                        arguments ->
                                applications.tempGetAppId(appName(arguments)).thenApply(AspStateCatalog::appId)),
                new SessionProcedure(
                        "GetHashCode",
                        List.of(
                                input("@input", DeclaredType.varchar(APP_NAME_LENGTH)),
                                output("@hash", DeclaredType.INT)),
                        arguments -> answer("@hash", hashCode(arguments))),
                new SessionProcedure(
                        "DeleteExpiredSessions",
                        List.of(),
                        arguments -> CompletableFuture.completedFuture(
                                ItemOutputs.NONE.answer(server.deleteExpiredSessions(), localZone))),
                get(items, "TempGetStateItem", ItemOutputs.LOCK_DATE, localZone, new TempGetStateItem()),
                get(items, "TempGetStateItem2", ItemOutputs.LOCK_AGE, localZone, new TempGetStateItem2()),
                get(
                        items,
                        "TempGetStateItem3",
                        ItemOutputs.LOCK_AGE_AND_ACTION_FLAGS,
                        localZone,
                        new TempGetStateItem3()),
                get(
                        items,
                        "TempGetStateItemExclusive",
                        ItemOutputs.LOCK_DATE,
                        localZone,
                        new TempGetStateItemExclusive()),
                get(
                        items,
                        "TempGetStateItemExclusive2",
                        ItemOutputs.LOCK_AGE,
                        localZone,
                        new TempGetStateItemExclusive2()),
                get(
                        items,
                        "TempGetStateItemExclusive3",
                        ItemOutputs.LOCK_AGE_AND_ACTION_FLAGS,
                        localZone,
                        new TempGetStateItemExclusive3()),
                change(
                        items,
                        "TempReleaseStateItemExclusive",
                        ID_COOKIE,
                        arguments -> new TempReleaseStateItemExclusive(arguments.lockCookie())),
                change(
                        items,
                        "TempRemoveStateItem",
                        ID_COOKIE,
                        arguments -> new TempRemoveStateItem(arguments.lockCookie())),
                change(items, "TempResetTimeout", ID_ONLY, arguments -> new TempResetTimeout()),
                insert(
                        items,
                        "TempInsertStateItemShort",
                        INSERT_SHORT,
                        arguments -> new TempInsertStateItemShort(
                                arguments.itemShort(), arguments.timeout(CallArguments.INSERT))),
                insert(
                        items,
                        "TempInsertStateItemLong",
                        INSERT_LONG,
                        arguments -> new TempInsertStateItemLong(
                                arguments.itemLong(), arguments.timeout(CallArguments.INSERT))),
                insert(
                        items,
                        "TempInsertUninitializedItem",
                        INSERT_SHORT,
                        arguments -> new TempInsertUninitializedItem(
                                arguments.itemShort(), arguments.timeout(CallArguments.INSERT))),
                change(
                        items,
                        "TempUpdateStateItemShort",
                        UPDATE_SHORT,
                        arguments -> new TempUpdateStateItemShort(
                                arguments.itemShort(),
                                arguments.timeout(CallArguments.UPDATE),
                                arguments.lockCookie())),
                change(
                        items,
                        "TempUpdateStateItemLong",
                        UPDATE_LONG,
                        arguments -> new TempUpdateStateItemLong(
                                arguments.itemLong(), arguments.timeout(CallArguments.UPDATE), arguments.lockCookie())),
                change(
                        items,
                        "TempUpdateStateItemShortNullLong",
                        UPDATE_SHORT,
                        arguments -> new TempUpdateStateItemShortNullLong(
                                arguments.itemShort(),
                                arguments.timeout(CallArguments.UPDATE),
                                arguments.lockCookie())),
                change(
                        items,
                        "TempUpdateStateItemLongNullShort",
                        UPDATE_LONG,
                        arguments -> new TempUpdateStateItemLongNullShort(
                                arguments.itemLong(),
                                arguments.timeout(CallArguments.UPDATE),
                                arguments.lockCookie()))));
    }

    /**
     * A get: @id, then its outputs; the core record has no arguments of its own, so one instance serves all.
     *
     * @param localZone the zone of the v1 gets' @lockDate
     */
    private static SessionProcedure get(
            ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> items,
            String name,
            ItemOutputs outputs,
            ZoneId localZone,
            SqlStateProcedure procedure) {
        return new SessionProcedure(
                name,
                outputs.parameters(ID_ONLY),
                items.onExistingItem(arguments -> procedure, result -> outputs.answer(result, localZone)));
    }

    /** An update, release, remove or reset of an existing item: inputs only. */
    private static SessionProcedure change(
            ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> items,
            String name,
            List<ProcedureParameter> inputs,
            Function<CallArguments, SqlStateProcedure> request) {
        return new SessionProcedure(name, inputs, items.onExistingItem(request, ItemBodies::noOutputs));
    }

    private static SessionProcedure insert(
            ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> items,
            String name,
            List<ProcedureParameter> inputs,
            Function<CallArguments, SqlStateProcedure> request) {
        return new SessionProcedure(name, inputs, items.insert(ASPSTATE_ROWS::insertedId, request));
    }

    /** The shipped procedure inserts LOWER(@appName) into a NOT NULL column when the name is new. */
    private static String appName(CallArguments arguments) {
        return arguments.notNull(
                "@appName", String.class, "AppName", "dbo.ASPStateTempApplications", CallArguments.INSERT);
    }

    /**
     * GetHashCode, which the shipped TempGetAppID calls on the lower-cased name: the same hash over @input as
     * given, trailing spaces included (the shipped loop runs over DATALENGTH(@input) bytes). NULL hashes to NULL.
     */
    private static Integer hashCode(CallArguments arguments) {
        String input = arguments.value("@input", String.class);
        return input == null ? null : AppIds.hash(input);
    }

    private static ProcedureResult appId(AppIdResult result) {
        if (result.isCollision()) {
            return ProcedureResult.failed(new SqlError(
                    AppIdResult.COLLISION_ERROR_NUMBER, 1, AppIdResult.COLLISION_SEVERITY, result.collisionMessage()));
        }
        return ProcedureResult.of(Map.of("@appId", result.appId()));
    }

    /** One output; it may be NULL. */
    private static CompletionStage<ProcedureResult> answer(String output, Object value) {
        return CompletableFuture.completedFuture(ProcedureResult.of(Collections.singletonMap(output, value)));
    }
}
