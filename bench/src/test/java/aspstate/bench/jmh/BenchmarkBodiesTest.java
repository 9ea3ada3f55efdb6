package aspstate.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.stateserver.DecodedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs each benchmark body once, directly (not through the JMH runner), with the states set up by hand. */
class BenchmarkBodiesTest {

    @Test
    void decoderBenchmarkBodiesDecodeWhatTheyClaim() {
        RequestDecoderBenchmark benchmark = new RequestDecoderBenchmark();
        RequestDecoderBenchmark.Decoder decoder = new RequestDecoderBenchmark.Decoder();
        decoder.setUp(); // itself checks every canned input decodes as intended
        try {
            for (int round = 0; round < 3; round++) { // the same buffers are fed again and again
                DecodedRequest get = benchmark.decodeGetExclusive(decoder);
                assertThat(get.key()).isEqualTo(RequestDecoderBenchmark.KEY);
                assertThat(get.request()).isEqualTo(StateRequest.getExclusive());

                DecodedRequest put = benchmark.decodePut1KiB(decoder);
                assertThat(put.request()).isInstanceOfSatisfying(StateRequest.Set.class, set -> {
                    assertThat(set.data()).hasSize(1024);
                    assertThat(set.lockCookie()).isEqualTo(7);
                    assertThat(set.timeoutMinutes()).isEqualTo(20);
                });

                assertThat(benchmark.decodePipelined16GetExclusive(decoder)).isEqualTo(16);
                assertThat(benchmark.baselineEmbeddedChannel(decoder).refCnt()).isEqualTo(1);
            }
            assertThat(decoder.getExclusive.refCnt()).isEqualTo(1);
            assertThat(decoder.put.refCnt()).isEqualTo(1);
        } finally {
            decoder.tearDown();
        }

        RequestDecoderBenchmark.Target target = new RequestDecoderBenchmark.Target();
        target.setUp();
        assertThat(benchmark.sessionKeyDecode(target)).isEqualTo(RequestDecoderBenchmark.KEY);

        for (String allocator : new String[] {"pooled", "unpooled"}) {
            RequestDecoderBenchmark.Encoder encoder = new RequestDecoderBenchmark.Encoder();
            encoder.allocator = allocator;
            encoder.setUp();
            assertThat(benchmark.encodeDataLocked1KiB(encoder)).isGreaterThan(1024);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "wrapper", "metrics"})
    void storeBenchmarkBodiesRunThePageCycle(String observed) {
        MemoryStoreBenchmark benchmark = new MemoryStoreBenchmark();
        MemoryStoreBenchmark.Store store = new MemoryStoreBenchmark.Store();
        store.sessions = 1_000;
        store.observed = observed;
        store.fill();
        try {
            assertThat(store.store.statistics().active()).isEqualTo(1_000);
            MemoryStoreBenchmark.Cursor cursor = new MemoryStoreBenchmark.Cursor();
            cursor.setUp();
            MemoryStoreBenchmark.Plain plain = new MemoryStoreBenchmark.Plain();
            plain.copy(store);
            assertThat(plain.map).hasSize(1_000);
            assertThat(benchmark.baselineChmGet(store, plain, cursor)).isGreaterThan(System.currentTimeMillis());
            for (int i = 0; i < 100; i++) {
                assertThat(benchmark.get(store, cursor).shape()).isEqualTo(StateResult.Shape.DATA);
                // Set with the cookie answers OK and releases the lock, so the next cycle can lock again.
                assertThat(benchmark.readWriteCycle(store, cursor)).isSameAs(StateResult.OK);
                assertThat(benchmark.resetTimeout(store, cursor)).isSameAs(StateResult.OK);
                assertThat(benchmark.readWriteCycle_2threads(store, cursor)).isSameAs(StateResult.OK);
                assertThat(benchmark.get_2threads(store, cursor).shape()).isEqualTo(StateResult.Shape.DATA);
            }
            int bound = 10_000;
            for (int i = 0; i < 100_000; i++) {
                assertThat(cursor.next(bound)).isBetween(0, bound - 1);
            }
        } finally {
            store.close();
        }
    }
}
