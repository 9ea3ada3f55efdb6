package aspstate.stateserver.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** Frames StateServer responses: status line, headers, then Content-Length bytes of body. */
final class StateResponseDecoder extends ByteToMessageDecoder {
    private static final int MAX_LINE = 8 * 1024;

    private int status = -1;
    private String version;
    private boolean actionFlags;
    private Integer lockCookie;
    private Integer timeout;
    private Long lockDate;
    private Long lockAge;
    private int contentLength;
    private boolean inBody;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (true) {
            if (inBody) {
                if (in.readableBytes() < contentLength) {
                    return;
                }
                byte[] data = new byte[contentLength];
                in.readBytes(data);
                out.add(new StateResponse(status, version, actionFlags, lockCookie, timeout, lockDate, lockAge, data));
                reset();
                continue;
            }
            int lf = in.forEachByte(ByteProcessor.FIND_LF);
            if (lf < 0) {
                if (in.readableBytes() > MAX_LINE) {
                    throw new DecoderException("response line longer than " + MAX_LINE + " bytes");
                }
                return;
            }
            int length = lf - in.readerIndex();
            String line = in.toString(in.readerIndex(), length, StandardCharsets.ISO_8859_1);
            in.readerIndex(lf + 1);
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (status < 0) {
                status = parseStatus(line);
            } else if (line.isEmpty()) {
                inBody = true;
            } else {
                header(line);
            }
        }
    }

    private static int parseStatus(String line) {
        int space = line.indexOf(' ');
        try {
            return Integer.parseInt(space < 0 ? line : line.substring(0, space));
        } catch (NumberFormatException e) {
            throw new DecoderException("not a StateServer status line: '" + line + "'");
        }
    }

    private void header(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new DecoderException("bad response header: '" + line + "'");
        }
        String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = line.substring(colon + 1).trim();
        try {
            switch (name) {
                case "x-aspnet-version": version = value; break;
                case "actionflags": actionFlags = Integer.parseInt(value) == 1; break;
                case "lockcookie": lockCookie = Integer.parseInt(value); break;
                case "timeout": timeout = Integer.parseInt(value); break;
                case "lockdate": lockDate = Long.parseLong(value); break;
                case "lockage": lockAge = Long.parseLong(value); break;
                case "content-length": contentLength = Integer.parseInt(value); break;
                default: break;
            }
        } catch (NumberFormatException e) {
            throw new DecoderException("bad value in response header: '" + line + "'");
        }
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
