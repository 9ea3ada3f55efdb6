package aspstate.tds;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;

/** A plain blocking socket speaking raw TDS packets, to control exactly how requests are cut. */
final class RawTdsConnection implements AutoCloseable {
    /** How long any single read may block before the test fails instead of hanging. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    /** SPID of the last packet read. */
    int spid;

    RawTdsConnection(InetSocketAddress server) {
        try {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.connect(server, READ_TIMEOUT_MILLIS);
            in = new DataInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A connection through PRELOGIN (no encryption) and LOGIN7 as sa into {@code database} ("" for none). */
    static RawTdsConnection loggedIn(InetSocketAddress server, String database) {
        RawTdsConnection connection = new RawTdsConnection(server);
        connection.send(ClientMessages.singlePacket(ClientMessages.PRELOGIN, ClientMessages.prelogin(0)));
        connection.readMessage();
        connection.send(
                ClientMessages.singlePacket(ClientMessages.LOGIN7, ClientMessages.login7("sa", "x", database, 4096)));
        connection.readMessage();
        return connection;
    }

    /** Writes the bytes in one system call (so in one TCP segment on loopback). */
    RawTdsConnection send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads packets until one carries EOM; returns the payloads joined, checking every header on the way. */
    byte[] readMessage() {
        try {
            ByteArrayOutputStream payload = new ByteArrayOutputStream();
            while (true) {
                int type = in.readUnsignedByte();
                int status = in.readUnsignedByte();
                int length = in.readUnsignedShort();
                spid = in.readUnsignedShort();
                in.readUnsignedShort();
                if (type != 0x04) {
                    throw new AssertionError("reply packet of type 0x" + Integer.toHexString(type));
                }
                byte[] data = new byte[length - 8];
                in.readFully(data);
                payload.write(data);
                if ((status & 0x01) != 0) {
                    return payload.toByteArray();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits (bounded by the read timeout) for the server to close; returns how many bytes it sent before. */
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
            return count;
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
