package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class IoTransportTest {
    @Test
    void autoIsTheFirstAvailableOfIoUringEpollAndNio() {
        IoTransport expected = IoTransport.IO_URING.isAvailable()
                ? IoTransport.IO_URING
                : IoTransport.EPOLL.isAvailable() ? IoTransport.EPOLL : IoTransport.NIO;

        assertThat(IoTransport.parse("auto")).isEqualTo(expected).isEqualTo(IoTransport.best());
        assertThat(IoTransport.parse(" AUTO ")).isEqualTo(expected);
    }

    @Test
    void aTransportIsNamedAsTheOptionTakesIt() {
        assertThat(IoTransport.parse("nio")).isEqualTo(IoTransport.NIO);
        for (IoTransport transport : IoTransport.values()) {
            if (transport.isAvailable()) {
                assertThat(IoTransport.parse(transport.toString())).isEqualTo(transport);
            }
        }
    }

    @Test
    void anUnknownNameListsTheChoices() {
        assertThatThrownBy(() -> IoTransport.parse("kqueue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("must be auto, io_uring, epoll or nio");
    }

    @Test
    void aTransportThatCannotBeUsedIsRefusedWithItsReason() {
        for (IoTransport transport : IoTransport.values()) {
            transport
                    .unavailability()
                    .ifPresent(reason -> assertThatThrownBy(() -> IoTransport.parse(transport.toString()))
                            .hasMessage(transport + " cannot be used here (" + reason + "); auto picks the best one "
                                    + "that can"));
        }
        assertThat(IoTransport.NIO.unavailability())
                .as("Java's selector is always there")
                .isEmpty();
    }

    @Test
    void thePropertyNamesTheTransportThatBestReturns() {
        try {
            System.setProperty(IoTransport.PROPERTY, "nio");
            assertThat(IoTransport.best()).isEqualTo(IoTransport.NIO);
            assertThat(IoTransport.parse("auto"))
                    .as("what --transport auto takes")
                    .isEqualTo(IoTransport.NIO);

            System.setProperty(IoTransport.PROPERTY, "kqueue");
            assertThatThrownBy(IoTransport::best).hasMessage("must be auto, io_uring, epoll or nio");
        } finally {
            System.clearProperty(IoTransport.PROPERTY);
        }
    }

    @Test
    void aGroupTellsWhichTransportItRunsOn() {
        for (IoTransport transport : IoTransport.values()) {
            if (!transport.isAvailable()) {
                continue;
            }
            EventLoopGroup group = transport.newGroup(1);
            try {
                assertThat(IoTransport.of(group)).isEqualTo(transport);
            } finally {
                group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
        }
    }
}
