package aspstate.store.infinispan;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.MulticastSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import org.jgroups.util.SocketFactory;

/**
 * The socket factory of the cluster transport: JGroups's own (plain, or TLS), with every server socket it makes
 * wrapped in a {@link CappedServerSocket}. Everything else is passed on unchanged.
 */
final class CappedSocketFactory implements SocketFactory {
    private final SocketFactory delegate;
    private final ClusterPortLimits limits;

    CappedSocketFactory(SocketFactory delegate, ClusterPortLimits limits) {
        this.delegate = delegate;
        this.limits = limits;
    }

    @Override
    public ServerSocket createServerSocket(String serviceName) throws IOException {
        return new CappedServerSocket(delegate.createServerSocket(serviceName), limits);
    }

    @Override
    public ServerSocket createServerSocket(String serviceName, int port) throws IOException {
        return new CappedServerSocket(delegate.createServerSocket(serviceName, port), limits);
    }

    @Override
    public ServerSocket createServerSocket(String serviceName, int port, int backlog) throws IOException {
        return new CappedServerSocket(delegate.createServerSocket(serviceName, port, backlog), limits);
    }

    @Override
    public ServerSocket createServerSocket(String serviceName, int port, int backlog, InetAddress bindAddr)
            throws IOException {
        return new CappedServerSocket(delegate.createServerSocket(serviceName, port, backlog, bindAddr), limits);
    }

    @Override
    public void close(ServerSocket sock) throws IOException {
        delegate.close(sock);
    }

    @Override
    public Socket createSocket(String serviceName) throws IOException {
        return delegate.createSocket(serviceName);
    }

    @Override
    public Socket createSocket(String serviceName, String host, int port) throws IOException {
        return delegate.createSocket(serviceName, host, port);
    }

    @Override
    public Socket createSocket(String serviceName, InetAddress address, int port) throws IOException {
        return delegate.createSocket(serviceName, address, port);
    }

    @Override
    public Socket createSocket(String serviceName, String host, int port, InetAddress localAddr, int localPort)
            throws IOException {
        return delegate.createSocket(serviceName, host, port, localAddr, localPort);
    }

    @Override
    public Socket createSocket(String serviceName, InetAddress address, int port, InetAddress localAddr, int localPort)
            throws IOException {
        return delegate.createSocket(serviceName, address, port, localAddr, localPort);
    }

    @Override
    public DatagramSocket createDatagramSocket(String serviceName) throws SocketException {
        return delegate.createDatagramSocket(serviceName);
    }

    @Override
    public DatagramSocket createDatagramSocket(String serviceName, SocketAddress bindAddress) throws SocketException {
        return delegate.createDatagramSocket(serviceName, bindAddress);
    }

    @Override
    public DatagramSocket createDatagramSocket(String serviceName, int port) throws SocketException {
        return delegate.createDatagramSocket(serviceName, port);
    }

    @Override
    public DatagramSocket createDatagramSocket(String serviceName, int port, InetAddress localAddress)
            throws SocketException {
        return delegate.createDatagramSocket(serviceName, port, localAddress);
    }

    @Override
    public MulticastSocket createMulticastSocket(String serviceName) throws IOException {
        return delegate.createMulticastSocket(serviceName);
    }

    @Override
    public MulticastSocket createMulticastSocket(String serviceName, int port) throws IOException {
        return delegate.createMulticastSocket(serviceName, port);
    }

    @Override
    public MulticastSocket createMulticastSocket(String serviceName, SocketAddress bindAddress) throws IOException {
        return delegate.createMulticastSocket(serviceName, bindAddress);
    }

    @Override
    public void close(Socket sock) throws IOException {
        delegate.close(sock);
    }

    @Override
    public void close(DatagramSocket sock) {
        delegate.close(sock);
    }
}
