package aspstate.spring.session;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code aspstate.session.*}: where the sessions live and how they are shared with ASP.NET. */
@ConfigurationProperties("aspstate.session")
public class AspStateSessionProperties {
    /** How sessions are kept. */
    public enum Mode {
        /**
         * Shared with an ASP.NET application: its cookie, its session ids, its keys for {@code application-id},
         * attributes in its format.
         */
        ASPNET,
        /** For Java applications only: Spring Session's cookie and ids, the same lock and format. */
        JAVA
    }

    /** The aspstate (or ASP.NET State Service) servers, host:port, comma-separated, in failover order. */
    private String servers = "127.0.0.1:42424";

    private Mode mode = Mode.ASPNET;
    /**
     * The ASP.NET application's HttpRuntime.AppDomainAppId, e.g. /LM/W3SVC/1/ROOT/shop (needed in ASPNET mode); in
     * JAVA mode, a name of the application's own.
     */
    private String applicationId;
    /** The session cookie in ASPNET mode (ASP.NET's sessionState cookieName). */
    private String cookieName = "ASP.NET_SessionId";
    /** The timeout of new sessions (ASP.NET's sessionState timeout), in whole minutes. */
    private Duration timeout = Duration.ofMinutes(20);
    /** Write sessions deflate-compressed, as ASP.NET's compressionEnabled. */
    private boolean compressionEnabled;
    /** How long a request to a server may wait for its answer (ASP.NET's stateNetworkTimeout). */
    private Duration networkTimeout = Duration.ofSeconds(10);
    /** How often a request asks again for a session another request has locked (ASP.NET: 500 ms). */
    private Duration lockPollInterval = Duration.ofMillis(500);
    /** A lock older than this is taken to belong to a dead request and released (ASP.NET's executionTimeout). */
    private Duration executionTimeout = Duration.ofSeconds(110);
    /** How long a request waits at most for a locked session before it fails. */
    private Duration maxLockWait = Duration.ofSeconds(110);
    /** The most connections open to one server. */
    private int maxConnectionsPerServer = 64;

    public String getServers() {
        return servers;
    }

    public void setServers(String servers) {
        this.servers = servers;
    }

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public String getApplicationId() {
        return applicationId;
    }

    public void setApplicationId(String applicationId) {
        this.applicationId = applicationId;
    }

    public String getCookieName() {
        return cookieName;
    }

    public void setCookieName(String cookieName) {
        this.cookieName = cookieName;
    }

    public Duration getTimeout() {
        return timeout;
    }

    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    public boolean isCompressionEnabled() {
        return compressionEnabled;
    }

    public void setCompressionEnabled(boolean compressionEnabled) {
        this.compressionEnabled = compressionEnabled;
    }

    public Duration getNetworkTimeout() {
        return networkTimeout;
    }

    public void setNetworkTimeout(Duration networkTimeout) {
        this.networkTimeout = networkTimeout;
    }

    public Duration getLockPollInterval() {
        return lockPollInterval;
    }

    public void setLockPollInterval(Duration lockPollInterval) {
        this.lockPollInterval = lockPollInterval;
    }

    public Duration getExecutionTimeout() {
        return executionTimeout;
    }

    public void setExecutionTimeout(Duration executionTimeout) {
        this.executionTimeout = executionTimeout;
    }

    public Duration getMaxLockWait() {
        return maxLockWait;
    }

    public void setMaxLockWait(Duration maxLockWait) {
        this.maxLockWait = maxLockWait;
    }

    public int getMaxConnectionsPerServer() {
        return maxConnectionsPerServer;
    }

    public void setMaxConnectionsPerServer(int maxConnectionsPerServer) {
        this.maxConnectionsPerServer = maxConnectionsPerServer;
    }
}
