package aspstate.store.infinispan;

import aspstate.core.RepeatedEventLog;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster port's server socket, which JGroups's acceptor thread takes connections from: it hands over only
 * connections within the {@link ClusterPortLimits} (counting those JGroups has not closed yet), and with TLS only
 * those whose handshake completed within the handshake timeout (as a whole: a client sending a byte now and then
 * cannot stretch it). The others are closed at once, with one grouped log line per kind. It wraps the socket
 * JGroups's factory made (plain, or TLS from {@code --cluster-secret}) and passes everything else on to it.
 *
 * <p>JGroups accepts on one thread, so each connection it is handed is handshaken in turn: a silent one delays the
 * next by the handshake timeout at most.
 */
final class CappedServerSocket extends ServerSocket {
    private static final Logger LOG = LoggerFactory.getLogger(CappedServerSocket.class);
    private static final RepeatedEventLog REFUSED = new RepeatedEventLog(LOG);
    private static final RepeatedEventLog HANDSHAKE_FAILED = new RepeatedEventLog(LOG);
    /** Closes a TLS handshake still running at its deadline; shared by every cluster port of the process. */
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "aspstate-cluster-handshake-deadline");
        thread.setDaemon(true);
        return thread;
    });

    private final ServerSocket delegate;
    private final ClusterPortLimits limits;
    /** What was handed to JGroups and may still be open; touched by the one acceptor thread only. */
    private final List<Socket> handedOver = new ArrayList<>();

    CappedServerSocket(ServerSocket delegate, ClusterPortLimits limits) throws IOException {
        this.delegate = delegate;
        this.limits = limits;
    }

    @Override
    public Socket accept() throws IOException {
        while (true) {
            Socket socket = delegate.accept();
            handedOver.removeIf(Socket::isClosed);
            InetAddress peer = socket.getInetAddress();
            long fromPeer = handedOver.stream()
                    .filter(open -> peer.equals(open.getInetAddress()))
                    .count();
            if (handedOver.size() >= limits.maxConnections()) {
                refuse(socket, "the " + limits.maxConnections() + " allowed at once (--cluster-max-connections)");
            } else if (fromPeer >= limits.maxConnectionsPerPeer()) {
                refuse(
                        socket,
                        "the " + limits.maxConnectionsPerPeer() + " allowed per address "
                                + "(--cluster-max-connections-per-peer)");
            } else if (handshaken(socket)) {
                handedOver.add(socket);
                return socket;
            }
        }
    }

    private static void refuse(Socket socket, String beyond) {
        REFUSED.occurred(
                "refused {} cluster connection(s) beyond {} (latest from {})",
                beyond,
                socket.getInetAddress().getHostAddress());
        closeQuietly(socket);
    }

    /**
     * Completes a TLS connection's handshake within the timeout, or closes it; a plain connection has none. (JGroups
     * then reads the node address with the timeout on each read, as {@link CappedTcp} sets it.)
     */
    private boolean handshaken(Socket socket) {
        if (!(socket instanceof SSLSocket tls)) {
            return true;
        }
        ScheduledFuture<?> deadline = DEADLINES.schedule(
                () -> closeQuietly(socket), limits.handshakeTimeout().toMillis(), TimeUnit.MILLISECONDS);
        try {
            int readTimeout = tls.getSoTimeout();
            tls.setSoTimeout((int) limits.handshakeTimeout().toMillis());
            tls.startHandshake();
            tls.setSoTimeout(readTimeout);
            return true;
        } catch (IOException e) {
            HANDSHAKE_FAILED.occurred(
                    "closed {} cluster connection(s) whose TLS handshake failed or took longer "
                            + "than --cluster-handshake-timeout {} ms: not a node of this cluster, or not one with the same "
                            + "--cluster-secret (latest from {}: {})",
                    limits.handshakeTimeout().toMillis(),
                    socket.getInetAddress().getHostAddress(),
                    e.toString());
            closeQuietly(socket);
            return false;
        } finally {
            deadline.cancel(false);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a connection that is going away anyway
        }
    }

    @Override
    public void bind(SocketAddress endpoint, int backlog) throws IOException {
        delegate.bind(endpoint, backlog);
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }

    @Override
    public boolean isClosed() {
        return delegate.isClosed();
    }

    @Override
    public boolean isBound() {
        return delegate.isBound();
    }

    @Override
    public int getLocalPort() {
        return delegate.getLocalPort();
    }

    @Override
    public InetAddress getInetAddress() {
        return delegate.getInetAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return delegate.getLocalSocketAddress();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        delegate.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws IOException {
        return delegate.getSoTimeout();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        delegate.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return delegate.getReceiveBufferSize();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        delegate.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return delegate.getReuseAddress();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
