package aspstate.stateserver;

import aspstate.core.RepeatedEventLog;
import aspstate.core.stateserver.StateRequest;
import aspstate.transport.InboundBudget;
import aspstate.transport.RequestFraming;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ByteProcessor;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits the byte stream into StateServer requests: a state machine over the cumulative buffer, so requests
 * split across packets (even between CR and LF, or inside a body) and many requests in one packet both work.
 * Input that does not frame as a request produces one {@link DecodedRequest#malformed} and everything after it
 * is discarded: the handler closes the connection without answering, as Microsoft's service does.
 *
 * <p>A body that does not arrive with its headers is collected in an array of its announced size, taken from the
 * {@link InboundBudget} until it is whole: many clients sending large bodies slowly cannot hold more than that
 * budget, and the buffer never grows by doubling.
 */
public final class StateServerRequestDecoder extends ByteToMessageDecoder implements RequestFraming {
    private static final Logger LOG = LoggerFactory.getLogger(StateServerRequestDecoder.class);
    private static final RepeatedEventLog NO_ROOM = new RepeatedEventLog(LOG);

    /** Request line plus headers may not exceed this many bytes. */
    public static final int MAX_HEADER_SECTION_BYTES = 10 * 1024;

    private static final byte[] HTTP_SUFFIX = " HTTP/1.1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private enum State {
        REQUEST_LINE,
        HEADERS,
        BODY,
        DISCARD
    }

    private enum Verb {
        GET,
        PUT,
        DELETE,
        HEAD
    }

    private final long maxBodyBytes;
    private final InboundBudget inbound;

    private State state = State.REQUEST_LINE;
    private int headerSectionBytes;
    private final byte[] line = new byte[MAX_HEADER_SECTION_BYTES];

    // The request being framed.
    private Verb verb;
    private String key;
    private long contentLength;
    private boolean sawContentLength;
    // Header values, parsed in place from the line buffer (which the next line overwrites).
    private Exclusive exclusive;
    private long lockCookie;
    private long timeout;
    private long extraFlags;
    /** The body being collected across reads, and how much of it has arrived; null when none is. */
    private byte[] body;

    private int bodyArrived;
    private long requestsFramed;

    private enum Exclusive {
        ABSENT,
        ACQUIRE,
        RELEASE,
        OTHER
    }

    /** Numeric header not sent. */
    private static final long ABSENT = Long.MIN_VALUE;
    /** Numeric header sent, but not a 32-bit decimal integer. */
    private static final long INVALID = Long.MIN_VALUE + 1;

    /**
     * @param maxBodyBytes largest body one request may carry
     * @param inbound      what bodies still arriving may hold, all connections together
     */
    public StateServerRequestDecoder(long maxBodyBytes, InboundBudget inbound) {
        this.maxBodyBytes = maxBodyBytes;
        this.inbound = inbound;
    }

    @Override
    public boolean midRequest() {
        return state == State.HEADERS
                || state == State.BODY
                || state == State.REQUEST_LINE && internalBuffer().isReadable();
    }

    @Override
    public long requestsFramed() {
        return requestsFramed;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (true) {
            switch (state) {
                case REQUEST_LINE:
                case HEADERS: {
                    int length = readLine(in);
                    if (length == NEED_MORE) {
                        return;
                    }
                    if (length == TOO_LONG) {
                        reject(in, out, "header section longer than " + MAX_HEADER_SECTION_BYTES + " bytes");
                        return;
                    }
                    String problem = state == State.REQUEST_LINE ? requestLine(length) : headerLine(length);
                    if (problem != null) {
                        reject(in, out, problem);
                        return;
                    }
                    if (state == State.BODY && contentLength == 0) {
                        out.add(complete(null));
                    }
                    break;
                }
                case BODY: {
                    byte[] whole = readBody(ctx, in);
                    if (whole == null) {
                        if (state != State.DISCARD) {
                            return;
                        }
                        out.add(DecodedRequest.malformed("no room for a body of " + contentLength + " bytes"));
                        return;
                    }
                    out.add(complete(whole));
                    break;
                }
                case DISCARD:
                default:
                    in.skipBytes(in.readableBytes());
                    return;
            }
        }
    }

    /** The whole body, or null while more is to come (or, in DISCARD, when there is no room for it). */
    private byte[] readBody(ChannelHandlerContext ctx, ByteBuf in) {
        if (body == null) {
            if (in.readableBytes() >= contentLength) {
                byte[] whole = new byte[(int) contentLength];
                in.readBytes(whole);
                return whole;
            }
            if (!inbound.reserve(contentLength)) {
                NO_ROOM.occurred(
                        "closed {} connection(s) whose body of {} bytes did not fit: {} (latest from {})",
                        contentLength,
                        inbound.describe(),
                        ctx.channel().remoteAddress());
                state = State.DISCARD;
                in.skipBytes(in.readableBytes());
                return null;
            }
            body = new byte[(int) contentLength];
        }
        int arriving = Math.min(in.readableBytes(), body.length - bodyArrived);
        in.readBytes(body, bodyArrived, arriving);
        bodyArrived += arriving;
        if (bodyArrived < body.length) {
            return null;
        }
        byte[] whole = body;
        releaseBody();
        return whole;
    }

    private void releaseBody() {
        if (body != null) {
            inbound.release(body.length);
            body = null;
            bodyArrived = 0;
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        releaseBody();
    }

    private static final int NEED_MORE = -1;
    private static final int TOO_LONG = -2;

    /** Copies the next line (without CR LF) into {@link #line}; returns its length, NEED_MORE or TOO_LONG. */
    private int readLine(ByteBuf in) {
        int start = in.readerIndex();
        int lf = in.forEachByte(start, in.readableBytes(), ByteProcessor.FIND_LF);
        if (lf < 0) {
            return headerSectionBytes + in.readableBytes() > MAX_HEADER_SECTION_BYTES ? TOO_LONG : NEED_MORE;
        }
        int consumed = lf - start + 1;
        headerSectionBytes += consumed;
        if (headerSectionBytes > MAX_HEADER_SECTION_BYTES) {
            return TOO_LONG;
        }
        int length = lf - start;
        if (length > 0 && in.getByte(lf - 1) == '\r') {
            length--;
        }
        in.getBytes(start, line, 0, length);
        in.readerIndex(lf + 1);
        return length;
    }

    private String requestLine(int length) {
        int space = indexOf(line, (byte) ' ', 0, length);
        if (space < 0) {
            return "request line without a target";
        }
        verb = verb(space);
        if (verb == null) {
            return "unknown verb";
        }
        int targetEnd = length - HTTP_SUFFIX.length;
        if (targetEnd <= space + 1 || !endsWithHttpVersion(length)) {
            return "request line does not end with a target and ' HTTP/1.1'";
        }
        key = SessionKeys.decodeInPlace(line, space + 1, targetEnd); // the line buffer is scratch until the next line
        contentLength = 0;
        sawContentLength = false;
        exclusive = Exclusive.ABSENT;
        lockCookie = timeout = extraFlags = ABSENT;
        state = State.HEADERS;
        return null;
    }

    private Verb verb(int length) {
        if (is(line, 0, length, "GET")) {
            return Verb.GET;
        }
        if (is(line, 0, length, "PUT")) {
            return Verb.PUT;
        }
        if (is(line, 0, length, "DELETE")) {
            return Verb.DELETE;
        }
        if (is(line, 0, length, "HEAD")) {
            return Verb.HEAD;
        }
        return null;
    }

    private boolean endsWithHttpVersion(int length) {
        int from = length - HTTP_SUFFIX.length;
        for (int i = 0; i < HTTP_SUFFIX.length; i++) {
            if (line[from + i] != HTTP_SUFFIX[i]) {
                return false;
            }
        }
        return true;
    }

    private String headerLine(int length) {
        if (length == 0) {
            return endOfHeaders();
        }
        int colon = indexOf(line, (byte) ':', 0, length);
        if (colon <= 0) {
            return "header line without a name and ':'";
        }
        int nameEnd = trimEnd(line, 0, colon);
        int valueStart = trimStart(line, colon + 1, length);
        int valueEnd = trimEnd(line, valueStart, length);
        if (isIgnoringCase(line, 0, nameEnd, "content-length")) {
            return contentLength(valueStart, valueEnd);
        }
        if (isIgnoringCase(line, 0, nameEnd, "exclusive")) {
            exclusive = isIgnoringCase(line, valueStart, valueEnd, "acquire")
                    ? Exclusive.ACQUIRE
                    : isIgnoringCase(line, valueStart, valueEnd, "release") ? Exclusive.RELEASE : Exclusive.OTHER;
        } else if (isIgnoringCase(line, 0, nameEnd, "lockcookie")) {
            lockCookie = parseInt32(line, valueStart, valueEnd);
        } else if (isIgnoringCase(line, 0, nameEnd, "timeout")) {
            timeout = parseInt32(line, valueStart, valueEnd);
        } else if (isIgnoringCase(line, 0, nameEnd, "extraflags")) {
            extraFlags = parseInt32(line, valueStart, valueEnd);
        }
        return null;
    }

    private String contentLength(int from, int to) {
        long value = parseNonNegative(line, from, to);
        if (value < 0) {
            return "bad Content-Length";
        }
        if (sawContentLength && value != contentLength) {
            return "conflicting Content-Length headers";
        }
        if (value > maxBodyBytes) {
            return "body of " + value + " bytes exceeds max-body (" + maxBodyBytes + " bytes)";
        }
        sawContentLength = true;
        contentLength = value;
        return null;
    }

    private String endOfHeaders() {
        if (contentLength > 0 && verb != Verb.PUT) {
            return "body on a " + verb + " request";
        }
        state = State.BODY;
        return null;
    }

    /** Builds the request that was just framed and gets ready for the next one. */
    private DecodedRequest complete(byte[] body) {
        state = State.REQUEST_LINE;
        headerSectionBytes = 0;
        requestsFramed++;
        try {
            return DecodedRequest.of(key, request(body));
        } catch (BadValueException e) {
            return DecodedRequest.badValue(key, e.getMessage());
        }
    }

    /** What a framed request asks, by its verb and its Exclusive header. */
    private enum Operation {
        GET,
        GET_EXCLUSIVE,
        RELEASE_EXCLUSIVE,
        SET,
        REMOVE,
        RESET_TIMEOUT,
        BAD_EXCLUSIVE
    }

    /**
     * Indexed by {@link Verb} then {@link Exclusive}: only a GET reads the Exclusive header; the other verbs ignore
     * it, whatever its value.
     */
    private static final Operation[][] OPERATIONS = {
        //          ABSENT                   ACQUIRE                  RELEASE                      OTHER
        /* GET */ {Operation.GET, Operation.GET_EXCLUSIVE, Operation.RELEASE_EXCLUSIVE, Operation.BAD_EXCLUSIVE},
        /* PUT */ {Operation.SET, Operation.SET, Operation.SET, Operation.SET},
        /* DEL */ {Operation.REMOVE, Operation.REMOVE, Operation.REMOVE, Operation.REMOVE},
        /* HEAD */ {Operation.RESET_TIMEOUT, Operation.RESET_TIMEOUT, Operation.RESET_TIMEOUT, Operation.RESET_TIMEOUT},
    };

    /**
     * The request, checked here once: what the protocol answers 400 (a bad number, a ReleaseExclusive without its
     * LockCookie, a Timeout out of range) never reaches the store, so a locked entry is neither answered 423 nor
     * slid by it.
     */
    private StateRequest request(byte[] body) {
        // A malformed number is a bad request whichever verb carries it, even where the verb ignores the header.
        Integer cookie = integer(lockCookie, "LockCookie");
        Integer minutes = integer(timeout, "Timeout");
        Integer flags = integer(extraFlags, "ExtraFlags");
        switch (OPERATIONS[verb.ordinal()][exclusive.ordinal()]) {
            case GET:
                return StateRequest.get();
            case GET_EXCLUSIVE:
                return StateRequest.getExclusive();
            case RELEASE_EXCLUSIVE:
                if (cookie == null) {
                    throw new BadValueException("ReleaseExclusive without LockCookie");
                }
                return StateRequest.releaseExclusive(cookie);
            case SET:
                if (body == null) {
                    throw new BadValueException("PUT without a body (Content-Length must be > 0)");
                }
                if (minutes != null && !StateRequest.isValidTimeout(minutes)) {
                    throw new BadValueException("Timeout out of range 0.." + StateRequest.MAX_TIMEOUT_MINUTES);
                }
                return StateRequest.set(body, minutes, flags != null && flags == 1, cookie);
            case REMOVE:
                return StateRequest.remove(cookie);
            case RESET_TIMEOUT:
                return StateRequest.resetTimeout();
            case BAD_EXCLUSIVE:
            default:
                throw new BadValueException("Exclusive must be 'acquire' or 'release'");
        }
    }

    private static Integer integer(long value, String name) {
        if (value == ABSENT) {
            return null;
        }
        if (value == INVALID) {
            throw new BadValueException(name + " is not a 32-bit integer");
        }
        return (int) value;
    }

    /** A signed 32-bit decimal integer, or INVALID. */
    private static long parseInt32(byte[] bytes, int from, int to) {
        boolean negative = from < to && bytes[from] == '-';
        long magnitude = parseNonNegative(bytes, negative ? from + 1 : from, to);
        if (magnitude < 0) {
            return INVALID;
        }
        long value = negative ? -magnitude : magnitude;
        return value < Integer.MIN_VALUE || value > Integer.MAX_VALUE ? INVALID : value;
    }

    private void reject(ByteBuf in, List<Object> out, String problem) {
        state = State.DISCARD;
        in.skipBytes(in.readableBytes());
        out.add(DecodedRequest.malformed(problem));
    }

    // --- byte helpers: the header section is ASCII, so compare bytes and make no Strings for unknown headers ---

    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static boolean is(byte[] bytes, int from, int to, String expected) {
        if (to - from != expected.length()) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            if (bytes[from + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIgnoringCase(byte[] bytes, int from, int to, String lowerCase) {
        if (to - from != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            int b = bytes[from + i];
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int trimStart(byte[] bytes, int from, int to) {
        while (from < to && (bytes[from] == ' ' || bytes[from] == '\t')) {
            from++;
        }
        return from;
    }

    private static int trimEnd(byte[] bytes, int from, int to) {
        while (to > from && (bytes[to - 1] == ' ' || bytes[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    /** Parses decimal digits; -1 when empty, not all digits, or larger than Long.MAX_VALUE / 10. */
    private static long parseNonNegative(byte[] bytes, int from, int to) {
        if (from == to || to - from > 18) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static final class BadValueException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadValueException(String message) {
            super(message, null, false, false);
        }
    }
}
