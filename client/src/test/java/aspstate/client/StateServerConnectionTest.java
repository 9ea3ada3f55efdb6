package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StateServerConnectionTest {

    @Test
    void aRequestOnAConnectionTheServerClosedFailsAsNeverSentSoThatItCanBeSentAgain() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback);
                StateServerConnection connection =
                        StateServerConnection.connect(new InetSocketAddress(loopback, server.getLocalPort()))) {
            server.accept().close();
            assertThat(connection.closeFuture().await(10, TimeUnit.SECONDS))
                    .as("the server's close read")
                    .isTrue();

            assertThatThrownBy(() -> connection.get("/app/s").join())
                    .isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(UnsentRequestException.class);
        }
    }
}
