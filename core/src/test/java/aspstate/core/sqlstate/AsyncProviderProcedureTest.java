package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.AsyncProviderProcedure.GetStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.GetStateItemExclusive;
import aspstate.core.sqlstate.AsyncProviderProcedure.InsertStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.InsertUninitializedItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.ReleaseItemExclusive;
import aspstate.core.sqlstate.AsyncProviderProcedure.RemoveStateItem;
import aspstate.core.sqlstate.AsyncProviderProcedure.ResetItemTimeout;
import aspstate.core.sqlstate.AsyncProviderProcedure.UpdateStateItem;
import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Mutation;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The async provider's own procedures as it drives them, one row through a real store: the data lives in
 * SessionItemLong (so a get answers it as the result set), the lock flow and @ActionFlags are ASPState's.
 */
class AsyncProviderProcedureTest {
    private static final long START = 1_700_000_000_000L;
    private static final String ID = "[dbo].[aspnetsessionstate]/abcdefghijklmnopqrstuvwx0a1b2c3d";
    private static final byte[] EMPTY = {20, 0, 0, 0, 0, 0, (byte) 0xFF};
    private static final byte[] DATA = {1, 2, 3, 4};

    private final ManualClock clock = new ManualClock(START);
    private final MemorySessionStore<SqlSessionItem> store =
            new MemorySessionStore<>(clock, new MemoryStoreSettings(0, 3_600_000, 1_000));

    @AfterEach
    void close() {
        store.close();
    }

    private SqlProcedureResult call(Mutation<SqlSessionItem, SqlProcedureResult> procedure) {
        return store.execute(ID, procedure).toCompletableFuture().join();
    }

    @Test
    void theLockFlowOfTheAsyncProvider() {
        assertThat(call(new GetStateItemExclusive())).isEqualTo(SqlProcedureResult.DONE);
        call(new InsertUninitializedItem(EMPTY, 20));

        SqlProcedureResult locked = call(new GetStateItemExclusive());
        clock.advance(Duration.ofSeconds(3));
        SqlProcedureResult seen = call(new GetStateItemExclusive());
        SqlProcedureResult read = call(new GetStateItem());
        call(new UpdateStateItem(DATA, 30, locked.lockCookie()));
        SqlProcedureResult afterUpdate = call(new GetStateItem());

        assertThat(locked.locked()).isFalse();
        assertThat(locked.itemShort()).isNull();
        assertThat(locked.itemLongResultSet()).isEqualTo(EMPTY);
        assertThat(locked.actionFlags()).isEqualTo(1);
        assertThat(locked.lockCookie()).isEqualTo(2);
        assertThat(seen.locked()).isTrue();
        assertThat(seen.lockAgeSeconds()).isEqualTo(3);
        assertThat(seen.itemLongResultSet()).isNull();
        assertThat(seen.actionFlags()).isZero();
        assertThat(read.locked()).isTrue();
        assertThat(afterUpdate.locked()).isFalse();
        assertThat(afterUpdate.itemLongResultSet()).isEqualTo(DATA);
        assertThat(afterUpdate.lockCookie()).isEqualTo(2);
    }

    @Test
    void releaseResetAndRemoveTakeTheCookieAsASPStatesDo() {
        call(new InsertStateItem(DATA, 1));
        int cookie = call(new GetStateItemExclusive()).lockCookie();

        call(new ReleaseItemExclusive(cookie + 1));
        assertThat(call(new GetStateItem()).locked())
                .as("a wrong cookie releases nothing")
                .isTrue();
        call(new ReleaseItemExclusive(cookie));
        clock.advance(Duration.ofSeconds(50));
        call(new ResetItemTimeout());
        clock.advance(Duration.ofSeconds(50));
        assertThat(call(new GetStateItem()).locked())
                .as("alive: the reset slid it")
                .isFalse();
        call(new RemoveStateItem(cookie));

        assertThat(call(new GetStateItem())).isEqualTo(SqlProcedureResult.DONE);
    }

    @Test
    void aSecondInsertIsADuplicateAndNamesItsProcedure() {
        call(new InsertStateItem(DATA, 20));

        assertThat(call(new InsertStateItem(EMPTY, 20)).status()).isEqualTo(Status.DUPLICATE_KEY);
        assertThat(new InsertStateItem(DATA, 20).operation()).isEqualTo("InsertStateItem");
        assertThat(new GetStateItemExclusive().acquiresLock()).isTrue();
    }
}
