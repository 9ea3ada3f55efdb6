package aspstate.tds.tls;

import aspstate.tds.packet.TdsPacketWriter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;

/**
 * Switches a connection to TLS after a PRELOGIN answered ENCRYPT_ON ([MS-TDS] 2.2.6.5, 3.3.5.2): the handshake
 * travels in PRELOGIN packets, then TLS records flow raw on the socket and TDS packets travel inside them.
 */
public final class PreloginTls {
    private PreloginTls() {}

    /**
     * Puts the TLS handlers at the front of {@code pipeline}, before the TDS packet decoder. Call after the
     * PRELOGIN answer was written, which must go out in clear.
     *
     * @param writer the connection's packet writer, whose SPID and packet size the handshake packets use
     */
    public static void start(ChannelPipeline pipeline, SslContext context, TdsPacketWriter writer) {
        PreloginTlsWrapper wrapper = new PreloginTlsWrapper(writer);
        pipeline.addFirst(
                new PreloginTlsUnwrapper(wrapper),
                wrapper,
                context.newHandler(pipeline.channel().alloc()));
    }
}
