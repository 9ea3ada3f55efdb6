package aspstate.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Frames StateServer responses: status line, headers, then Content-Length bytes of body. Headers are matched and
 * numbers parsed on the bytes, so a response costs no Strings (the version string is reused while it repeats).
 */
final class StateResponseDecoder extends ByteToMessageDecoder {
    private static final int MAX_LINE = 8 * 1024;
    /** The largest body a Java array holds. */
    static final long LARGEST_POSSIBLE_BODY = Integer.MAX_VALUE - 8;
    /** The largest session an answer may carry unless told otherwise: aspstate's own default {@code --max-body}. */
    static final long DEFAULT_MAX_BODY_BYTES = 64L << 20;

    /** A longer Content-Length fails the answer before any of its body is held in memory. */
    private final long maxBodyBytes;

    private int status = -1;
    private String version;
    private String lastVersion = "";
    private boolean actionFlags;
    private Integer lockCookie;
    private Integer timeout;
    private Long lockDate;
    private Long lockAge;
    private int contentLength;
    private boolean inBody;

    /** @param maxBodyBytes the largest body accepted, 1 to {@link #LARGEST_POSSIBLE_BODY} (the builder checks it) */
    StateResponseDecoder(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (true) {
            if (inBody) {
                if (in.readableBytes() < contentLength) {
                    return;
                }
                byte[] data = new byte[contentLength];
                in.readBytes(data);
                out.add(new StateServerResponse(
                        status, version, actionFlags, lockCookie, timeout, lockDate, lockAge, data));
                reset();
                continue;
            }
            int start = in.readerIndex();
            int lf = in.forEachByte(ByteProcessor.FIND_LF);
            if (lf < 0) {
                if (in.readableBytes() > MAX_LINE) {
                    throw new DecoderException("response line longer than " + MAX_LINE + " bytes");
                }
                return;
            }
            int end = lf > start && in.getByte(lf - 1) == '\r' ? lf - 1 : lf;
            if (status < 0) {
                status = (int) number(in, start, Math.min(end, start + 3), "status");
            } else if (end == start) {
                inBody = true;
            } else {
                header(in, start, end);
            }
            in.readerIndex(lf + 1);
        }
    }

    private void header(ByteBuf in, int start, int end) {
        int colon = in.indexOf(start, end, (byte) ':');
        if (colon <= start) {
            throw new DecoderException(
                    "bad response header: " + in.toString(start, end - start, StandardCharsets.ISO_8859_1));
        }
        int valueStart = colon + 1;
        while (valueStart < end && in.getByte(valueStart) == ' ') {
            valueStart++;
        }
        if (nameIs(in, start, colon, "content-length")) {
            long length = number(in, valueStart, end, "Content-Length");
            if (length > maxBodyBytes) {
                throw new DecoderException("response body of " + length + " bytes is more than the " + maxBodyBytes
                        + " bytes the client takes (maxResponseBytes)");
            }
            contentLength = (int) length;
        } else if (nameIs(in, start, colon, "lockcookie")) {
            lockCookie = (int) number(in, valueStart, end, "LockCookie");
        } else if (nameIs(in, start, colon, "timeout")) {
            timeout = (int) number(in, valueStart, end, "Timeout");
        } else if (nameIs(in, start, colon, "actionflags")) {
            actionFlags = number(in, valueStart, end, "ActionFlags") == 1;
        } else if (nameIs(in, start, colon, "lockage")) {
            lockAge = number(in, valueStart, end, "LockAge");
        } else if (nameIs(in, start, colon, "lockdate")) {
            lockDate = number(in, valueStart, end, "LockDate");
        } else if (nameIs(in, start, colon, "x-aspnet-version")) {
            version = version(in, valueStart, end);
        }
    }

    private String version(ByteBuf in, int start, int end) {
        int length = end - start;
        boolean same = length == lastVersion.length();
        for (int i = 0; same && i < length; i++) {
            same = in.getByte(start + i) == lastVersion.charAt(i);
        }
        if (!same) {
            lastVersion = in.toString(start, length, StandardCharsets.ISO_8859_1);
        }
        return lastVersion;
    }

    private static boolean nameIs(ByteBuf in, int start, int end, String lowerCase) {
        if (end - start != lowerCase.length()) {
            return false;
        }
        for (int i = 0; i < lowerCase.length(); i++) {
            int b = in.getByte(start + i);
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != lowerCase.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static long number(ByteBuf in, int start, int end, String what) {
        if (start >= end || end - start > 18) {
            throw new DecoderException("bad " + what + " in response");
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = in.getByte(i) - '0';
            if (digit < 0 || digit > 9) {
                throw new DecoderException("bad " + what + " in response");
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private void reset() {
        status = -1;
        version = null;
        actionFlags = false;
        lockCookie = null;
        timeout = null;
        lockDate = null;
        lockAge = null;
        contentLength = 0;
        inBody = false;
    }
}
