package aspstate.store.infinispan;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.stateserver.SessionEntry;
import java.io.IOException;
import org.infinispan.protostream.ProtobufUtil;
import org.infinispan.protostream.SerializationContext;
import org.junit.jupiter.api.Test;

/** Every stored value goes to bytes and back unchanged, NULL and empty data kept apart, through the stamp wrapper. */
class StoreSchemaTest {
    private static final byte[] DATA = {0, '\r', '\n', '\r', '\n', (byte) 0xFF, 'x'};

    private final SerializationContext context = ProtobufUtil.newSerializationContext();

    StoreSchemaTest() {
        new StoreSchemaImpl().register(context);
    }

    private Stamped roundTrip(Object value) throws IOException {
        return roundTrip(new Stamped(0x1234_5678_9ABC_DEF0L, 42L, 99L, value));
    }

    private Stamped roundTrip(Stamped stamped) throws IOException {
        byte[] bytes = ProtobufUtil.toWrappedByteArray(context, stamped);
        Stamped back = ProtobufUtil.fromWrappedByteArray(context, bytes);
        assertThat(back.stamp()).isEqualTo(stamped.stamp());
        assertThat(back.version()).isEqualTo(stamped.version());
        assertThat(back.horizon()).isEqualTo(stamped.horizon());
        return back;
    }

    @Test
    void aTombstoneKeepsItsTimes() throws IOException {
        assertThat(roundTrip(new Tombstone(5L, 6L)).value()).isEqualTo(new Tombstone(5L, 6L));
    }

    @Test
    void aStateServerSessionKeepsEveryField() throws IOException {
        SessionEntry entry =
                new SessionEntry(DATA, 20, 1_700_000_060_000L, true, 1_700_000_000_123L, 2_147_483_646, true);

        assertThat(roundTrip(entry).value()).usingRecursiveComparison().isEqualTo(entry);
    }

    @Test
    void anAspStateItemKeepsNullAndEmptyColumnsApart() throws IOException {
        SqlSessionItem nullLong = new SqlSessionItem(
                new byte[0],
                null,
                20,
                1_700_000_060_000L,
                false,
                1_700_000_000_000L,
                3,
                SqlSessionItem.FLAG_UNINITIALIZED,
                1_600_000_000_000L);
        SqlSessionItem nullShort = new SqlSessionItem(null, DATA, 0, 5L, true, -1L, 1, 0, 0L);

        Object first = roundTrip(nullLong).value();
        Object second = roundTrip(nullShort).value();

        assertThat(first).usingRecursiveComparison().isEqualTo(nullLong);
        assertThat(((SqlSessionItem) first).itemShort()).isNotNull().isEmpty();
        assertThat(((SqlSessionItem) first).itemLong()).isNull();
        assertThat(second).usingRecursiveComparison().isEqualTo(nullShort);
    }

    @Test
    void anApplicationIdAndASharePointItemKeepEveryField() throws IOException {
        AppRegistration registration = new AppRegistration("/lm/w3svc/1/root", 538_231_025);
        SharePointStateItem item = new SharePointStateItem(null, 60, 1_700_000_060_000L, true, 1_700_000_000_000L, 42);

        assertThat(roundTrip(registration).value()).isEqualTo(registration);
        assertThat(roundTrip(item).value()).usingRecursiveComparison().isEqualTo(item);
    }

    @Test
    void anAspNetCoreCacheEntryKeepsEveryFieldAndItsNullsApartFromZero() throws IOException {
        CacheEntry sliding = new CacheEntry(DATA, 17_500_000_000_123_456L, 1200L, null);
        CacheEntry absolute = new CacheEntry(new byte[0], -5L, null, 0L);

        Object first = roundTrip(sliding).value();
        Object second = roundTrip(absolute).value();

        assertThat(first).usingRecursiveComparison().isEqualTo(sliding);
        assertThat(((CacheEntry) first).absoluteExpirationTicks()).isNull();
        assertThat(second).usingRecursiveComparison().isEqualTo(absolute);
        assertThat(((CacheEntry) second).slidingExpirationSeconds()).isNull();
        assertThat(((CacheEntry) second).absoluteExpirationTicks()).isZero();
    }

    @Test
    void anExpectationCarriesTheStampAlone() throws IOException {
        Stamped expectation = new Stamped(7L, 1L, 2L, new SessionEntry(DATA, 1, 2, false, 0, 1, false)).expectation();

        Stamped back = roundTrip(expectation);

        assertThat(back.value()).isNull();
        assertThat(back).as("equal by stamp").isEqualTo(new Stamped(7L, 3L, 4L, "anything"));
    }

    @Test
    void nodeCountersKeepEveryField() throws IOException {
        NodeCounters counters = new NodeCounters(1, 2, 3, 4, 5, 6);

        byte[] bytes = ProtobufUtil.toWrappedByteArray(context, counters);

        assertThat((Object) ProtobufUtil.fromWrappedByteArray(context, bytes)).isEqualTo(counters);
    }
}
