package aspstate.client.testing;

import aspstate.sessionformat.SessionStateData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A StateServer the test plays itself on loopback, byte by byte: it takes one connection, reads the client's
 * requests one at a time and writes the answers the test chooses, when it chooses (a read waits at most 10 s).
 */
public final class ScriptedStateServer implements AutoCloseable {
    private final ServerSocket listening;
    private Socket connection;

    public ScriptedStateServer() throws IOException {
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(listening.getInetAddress(), listening.getLocalPort());
    }

    /** The next request's head, up to its empty line (the first from a connection this takes). */
    public String nextRequest() throws IOException {
        if (connection == null) {
            connection = listening.accept();
            connection.setSoTimeout(10_000);
        }
        InputStream in = connection.getInputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (!read.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the client closed the connection; read: " + read);
            }
            read.write(b);
        }
        return read.toString(StandardCharsets.ISO_8859_1);
    }

    /** Answers a GetExclusive: an empty session, now locked with {@code cookie}. */
    public void answerLocked(int cookie) throws IOException {
        byte[] data = SessionStateData.create(20).toBytes(false);
        write(("200 OK\r\nX-AspNet-Version: 4.0.30319\r\nTimeout: 20\r\nLockCookie: " + cookie + "\r\n"
                        + "ActionFlags: 0\r\nContent-Length: " + data.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        write(data);
    }

    /** Writes {@code bytes} as they are, to the connection of the last request read. */
    public void write(byte[] bytes) throws IOException {
        OutputStream out = connection.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try (listening) {
            if (connection != null) {
                connection.close();
            }
        }
    }
}
