package aspstate.bench.jmh;

import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.stateserver.DecodedRequest;
import aspstate.stateserver.SessionKeys;
import aspstate.stateserver.StateServerRequestDecoder;
import aspstate.stateserver.StateServerResponses;
import aspstate.stateserver.StateServerSettings;
import aspstate.transport.InboundBudget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The StateServer wire path outside the store: framing requests exactly as ASP.NET's client writes them, through
 * {@link StateServerRequestDecoder} in a Netty {@link EmbeddedChannel} (decode() is protected, so the channel is
 * the only public way in; it costs one pipeline pass plus channelReadComplete per call, see
 * {@link #baselineEmbeddedChannel}), decoding a session key alone, and encoding a 1 KiB GetExclusive answer.
 *
 * <p>Input buffers are pooled direct buffers, like the ones a socket read produces; each call retains and rewinds
 * the same buffer, which the decoder consumes and releases, so no allocation is charged to the input side.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = "-XX:+UseG1GC") // a production collector; pinned to one CPU the JVM would pick SerialGC
public class RequestDecoderBenchmark {
    /** A real-looking target: app path, base64 app hash with '+' and '=', 24-char id; lower-case escapes. */
    public static final String TARGET = "%2fLM%2fW3SVC%2f1%2fROOT%2fapp(Ab%2bc%3d)%2fx3kqmiztsjiek5gvzu55km3xun";

    public static final String KEY = "/LM/W3SVC/1/ROOT/app(Ab+c=)/x3kqmiztsjiek5gvzu55km3xun";
    public static final String HOST = "localhost";
    public static final int BODY_BYTES = 1024;
    public static final int PIPELINED = 16;

    /** GetExclusive (Exclusive: acquire), byte for byte as System.Web's OutOfProcSessionStateStore sends it. */
    public static byte[] getExclusiveRequest(String target) {
        return ascii("GET " + target + " HTTP/1.1\r\nHost: " + HOST + "\r\nExclusive: acquire\r\n\r\n");
    }

    /** Set releasing a lock: numeric headers without a space after the colon, as the real client writes them. */
    public static byte[] putRequest(String target, byte[] body, int lockCookie) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ascii("PUT " + target + " HTTP/1.1\r\nHost: " + HOST + "\r\nTimeout:20\r\nContent-Length:"
                + body.length + "\r\nLockCookie:" + lockCookie + "\r\n\r\n"));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** 16 GetExclusive requests for 16 different sessions, back to back in one read. */
    public static byte[] pipelinedRequests() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < PIPELINED; i++) {
            String last = "" + (char) ('a' + i) + (char) ('a' + (i * 7) % 26);
            out.writeBytes(getExclusiveRequest(TARGET.substring(0, TARGET.length() - 2) + last));
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One connection's decoder and the three canned inputs. */
    @State(Scope.Thread)
    public static class Decoder {
        EmbeddedChannel channel;
        EmbeddedChannel bare;
        ByteBuf getExclusive;
        ByteBuf put;
        ByteBuf pipelined;

        @Setup
        public void setUp() {
            channel = new EmbeddedChannel(new StateServerRequestDecoder(
                    StateServerSettings.DEFAULT_MAX_BODY_BYTES,
                    InboundBudget.unshared(StateServerSettings.DEFAULT_MAX_BODY_BYTES)));
            bare = new EmbeddedChannel();
            byte[] body = new byte[BODY_BYTES];
            Arrays.fill(body, (byte) 0x5a);
            getExclusive = direct(getExclusiveRequest(TARGET));
            put = direct(putRequest(TARGET, body, 7));
            pipelined = direct(pipelinedRequests());
            check(decode(this, getExclusive), StateRequest.GetExclusive.class);
            StateRequest.Set set = (StateRequest.Set)
                    check(decode(this, put), StateRequest.Set.class).request();
            if (set.data().length != BODY_BYTES || set.lockCookie() != 7) {
                throw new IllegalStateException("PUT decoded wrongly: " + set);
            }
            if (decodeAll(this, pipelined) != PIPELINED) {
                throw new IllegalStateException("pipelined batch did not decode into " + PIPELINED + " requests");
            }
        }

        private static ByteBuf direct(byte[] bytes) {
            return PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
        }

        private static DecodedRequest check(DecodedRequest decoded, Class<? extends StateRequest> kind) {
            if (decoded == null || !kind.isInstance(decoded.request()) || !KEY.equals(decoded.key())) {
                throw new IllegalStateException("expected " + kind + " for " + KEY + ", decoded " + decoded);
            }
            return decoded;
        }

        @TearDown
        public void tearDown() {
            channel.finishAndReleaseAll();
            bare.finishAndReleaseAll();
            getExclusive.release();
            put.release();
            pipelined.release();
        }
    }

    /** Hands the decoder the buffer once more: retain (the decoder releases it) and rewind. */
    private static void feed(EmbeddedChannel channel, ByteBuf input) {
        input.retain().readerIndex(0);
        channel.writeInbound(input);
    }

    static DecodedRequest decode(Decoder d, ByteBuf input) {
        feed(d.channel, input);
        return d.channel.readInbound();
    }

    static int decodeAll(Decoder d, ByteBuf input) {
        feed(d.channel, input);
        int count = 0;
        while (d.channel.readInbound() != null) {
            count++;
        }
        return count;
    }

    @Benchmark
    public DecodedRequest decodeGetExclusive(Decoder d) {
        return decode(d, d.getExclusive);
    }

    @Benchmark
    public DecodedRequest decodePut1KiB(Decoder d) {
        return decode(d, d.put);
    }

    /** Score is per request: the batch's time divided by 16. */
    @Benchmark
    @OperationsPerInvocation(PIPELINED)
    public int decodePipelined16GetExclusive(Decoder d) {
        return decodeAll(d, d.pipelined);
    }

    /** What the EmbeddedChannel itself costs per call: the same buffer through a channel without handlers. */
    @Benchmark
    public ByteBuf baselineEmbeddedChannel(Decoder d) {
        feed(d.bare, d.getExclusive);
        ByteBuf back = d.bare.readInbound();
        back.release();
        return back;
    }

    /** The request target alone. */
    @State(Scope.Thread)
    public static class Target {
        byte[] bytes;

        @Setup
        public void setUp() {
            bytes = ascii(TARGET);
            if (!KEY.equals(SessionKeys.decode(bytes, 0, bytes.length))) {
                throw new IllegalStateException("SessionKeys.decode disagrees with " + KEY);
            }
        }
    }

    @Benchmark
    public String sessionKeyDecode(Target t) {
        return SessionKeys.decode(t.bytes, 0, t.bytes.length);
    }

    /** A 200 to GetExclusive carrying 1 KiB, encoded with either allocator. */
    @State(Scope.Thread)
    public static class Encoder {
        @Param({"pooled", "unpooled"})
        public String allocator;

        ByteBufAllocator alloc;
        StateServerResponses responses;
        StateResult dataLocked;

        @Setup
        public void setUp() {
            alloc = switch (allocator) {
                case "pooled" -> PooledByteBufAllocator.DEFAULT;
                case "unpooled" -> UnpooledByteBufAllocator.DEFAULT;
                default -> throw new IllegalArgumentException("allocator: pooled or unpooled, got " + allocator);
            };
            responses = new StateServerResponses(StateServerSettings.DEFAULT_ASPNET_VERSION, ZoneId.of("UTC"));
            byte[] data = new byte[BODY_BYTES];
            Arrays.fill(data, (byte) 0x5a);
            dataLocked = new StateResult(StateResult.Shape.DATA_LOCKED, data, 20, 2, 0, 0, false);
        }
    }

    @Benchmark
    public int encodeDataLocked1KiB(Encoder e) {
        ByteBuf encoded = e.responses.encode(e.dataLocked, e.alloc);
        int length = encoded.readableBytes();
        encoded.release();
        return length;
    }
}
