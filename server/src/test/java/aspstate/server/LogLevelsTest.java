package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LogLevelsTest {

    @AfterEach
    void backToInfo() {
        LogLevels.apply(LogLevel.INFO);
    }

    @Test
    void setsTheRootLevel() {
        LogLevels.apply(LogLevel.WARN);
        assertThat(level(org.slf4j.Logger.ROOT_LOGGER_NAME)).isEqualTo(Level.WARN);
        assertThat(LoggerFactory.getLogger("aspstate.anything").isInfoEnabled()).isFalse();

        LogLevels.apply(LogLevel.DEBUG);
        assertThat(level(org.slf4j.Logger.ROOT_LOGGER_NAME)).isEqualTo(Level.DEBUG);
        assertThat(LoggerFactory.getLogger("aspstate.anything").isDebugEnabled())
                .isTrue();
    }

    @Test
    void nettyStaysQuietAtDebugAndSpeaksAtTrace() {
        LogLevels.apply(LogLevel.DEBUG);
        assertThat(LoggerFactory.getLogger("io.netty.buffer.PooledByteBufAllocator")
                        .isDebugEnabled())
                .isFalse();

        LogLevels.apply(LogLevel.TRACE);
        assertThat(LoggerFactory.getLogger("io.netty.buffer.PooledByteBufAllocator")
                        .isTraceEnabled())
                .isTrue();
    }

    @Test
    void nettyFollowsLevelsAboveInfo() {
        LogLevels.apply(LogLevel.ERROR);

        assertThat(level(LogLevels.NETTY_LOGGER)).isEqualTo(Level.ERROR);
    }

    @Test
    void infinispanAndJGroupsSpeakFromWarnAtInfoAndFromInfoAtDebug() {
        LogLevels.apply(LogLevel.INFO);
        assertThat(LoggerFactory.getLogger("org.infinispan.CONTAINER").isInfoEnabled())
                .isFalse();
        assertThat(LoggerFactory.getLogger("org.jgroups.protocols.TCP").isWarnEnabled())
                .isTrue();

        LogLevels.apply(LogLevel.DEBUG);
        assertThat(LoggerFactory.getLogger("org.infinispan.CLUSTER").isInfoEnabled())
                .isTrue();
        assertThat(LoggerFactory.getLogger("org.jgroups.protocols.TCP").isDebugEnabled())
                .isFalse();

        LogLevels.apply(LogLevel.ERROR);
        assertThat(level(LogLevels.INFINISPAN_LOGGER)).isEqualTo(Level.ERROR);
    }

    private static Level level(String logger) {
        return ((Logger) LoggerFactory.getLogger(logger)).getLevel();
    }
}
