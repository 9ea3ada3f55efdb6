package aspstate.stateserver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A plain blocking socket speaking raw bytes, for byte-exact checks of what the server sends. */
final class RawConnection implements AutoCloseable {
    /** How long any single read may block before the test fails instead of hanging. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawConnection(InetSocketAddress server) {
        this(server, null);
    }

    /** Connects from the given local address (e.g. 127.0.0.2), or any when null. */
    RawConnection(InetSocketAddress server, InetAddress localAddress) {
        try {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            if (localAddress != null) {
                socket.bind(new InetSocketAddress(localAddress, 0));
            }
            socket.connect(server, READ_TIMEOUT_MILLIS);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    RawConnection send(String text) {
        return send(ascii(text));
    }

    RawConnection send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes our sending side only (TCP half-close), as `nc -N` does after piping requests. */
    RawConnection shutdownOutput() {
        try {
            socket.shutdownOutput();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Drops the connection with a reset (RST) instead of an orderly close, as a crashed or killed client does. */
    void reset() {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response: status line and headers up to the blank line, then Content-Length bytes. */
    byte[] readResponse() {
        try {
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            int contentLength = 0;
            StringBuilder line = new StringBuilder();
            while (true) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed after " + response.size() + " bytes of a response: "
                            + response.toString(StandardCharsets.ISO_8859_1));
                }
                response.write(b);
                if (b != '\n') {
                    line.append((char) b);
                    continue;
                }
                String text = line.toString().trim();
                line.setLength(0);
                if (text.isEmpty()) {
                    break;
                }
                if (text.startsWith("Content-Length:")) {
                    contentLength = Integer.parseInt(
                            text.substring("Content-Length:".length()).trim());
                }
            }
            response.write(in.readNBytes(contentLength));
            return response.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String readResponseText() {
        return new String(readResponse(), StandardCharsets.ISO_8859_1);
    }

    /**
     * Waits (bounded by the read timeout) for the server to close the connection and returns how many bytes it
     * sent before closing.
     */
    int bytesUntilClosed() {
        int count = 0;
        try {
            while (in.read() >= 0) {
                count++;
            }
            return count;
        } catch (SocketTimeoutException e) {
            throw new AssertionError("server did not close the connection within " + READ_TIMEOUT_MILLIS + " ms");
        } catch (IOException e) {
            return count; // reset by the server: closed all the same
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
