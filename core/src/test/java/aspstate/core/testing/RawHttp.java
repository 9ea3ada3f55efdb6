package aspstate.core.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** HTTP/1.1 over a plain socket, for requests no HTTP client library would send (pipelined, malformed, trickled). */
public final class RawHttp {
    /** A response as read: its status line and its body. */
    public record Response(String statusLine, byte[] body) {
        public int status() {
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }

    private RawHttp() {}

    public static byte[] get(String path, String... headers) {
        StringBuilder request = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\nHost: localhost\r\n");
        for (String header : headers) {
            request.append(header).append("\r\n");
        }
        return request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    public static Socket connect(int port, String from, int readTimeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            socket.setSoTimeout(readTimeoutMillis);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** One request on a connection of its own, from {@code from}. */
    public static Response exchange(int port, String from, byte[] request, int timeoutMillis) throws IOException {
        try (Socket socket = connect(port, from, timeoutMillis)) {
            socket.getOutputStream().write(request);
            return read(socket.getInputStream());
        }
    }

    /** The next response on the connection. */
    public static Response read(InputStream in) throws IOException {
        String status = line(in);
        int length = 0;
        for (String header; !(header = line(in)).isEmpty(); ) {
            if (header.regionMatches(true, 0, "content-length:", 0, 15)) {
                length = Integer.parseInt(header.substring(15).trim());
            }
        }
        return new Response(status, in.readNBytes(length));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) != '\n'; ) {
            if (b == -1) {
                throw new IOException("closed by the server");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    public static byte[] repeat(byte[] bytes, int times) {
        byte[] repeated = new byte[bytes.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(bytes, 0, repeated, i * bytes.length, bytes.length);
        }
        return repeated;
    }
}
