package aspstate.client;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The ASP.NET application whose sessions a Java application shares, by the key rule of ASP.NET's StateServer client
 * (OutOfProcSessionStateStore, .NET Framework 4.x): a session's key is
 * {@code appId + "(" + base64(SHA-256(UTF-8(appId))) + ")/" + sessionId}, with a "/" put in front of an appId that
 * lacks one. The appId is {@code HttpRuntime.AppDomainAppId} of the .NET application: {@code /LM/W3SVC/} + the IIS
 * site id + {@code /ROOT} + the application's virtual path, for example {@code /LM/W3SVC/1/ROOT/shop} (print it from
 * the .NET application to be sure: case counts).
 */
public final class AspNetApplication {
    private final String appId;
    private final String keyPrefix;

    private AspNetApplication(String appId) {
        this.appId = appId;
        String hash = Base64.getEncoder().encodeToString(sha256(appId.getBytes(StandardCharsets.UTF_8)));
        this.keyPrefix = (appId.startsWith("/") ? "" : "/") + appId + "(" + hash + ")/";
    }

    /** @param appId the .NET application's {@code HttpRuntime.AppDomainAppId}, e.g. {@code /LM/W3SVC/1/ROOT/shop} */
    public static AspNetApplication of(String appId) {
        if (appId == null || appId.isEmpty()) {
            throw new IllegalArgumentException("an ASP.NET application id (HttpRuntime.AppDomainAppId, e.g. "
                    + "/LM/W3SVC/1/ROOT/shop) is needed");
        }
        return new AspNetApplication(appId);
    }

    /**
     * The IIS application id of site {@code siteId} and virtual path {@code virtualPath} ("/" for a site's root
     * application, "/shop" for an application below it): {@code /LM/W3SVC/1/ROOT/shop}.
     */
    public static AspNetApplication ofIis(int siteId, String virtualPath) {
        String path = virtualPath == null || virtualPath.equals("/")
                ? ""
                : virtualPath.startsWith("/") ? virtualPath : "/" + virtualPath;
        return of("/LM/W3SVC/" + siteId + "/ROOT" + path);
    }

    public String appId() {
        return appId;
    }

    /** The key the StateServer holds session {@code sessionId} of this application under. */
    public String key(String sessionId) {
        return keyPrefix + sessionId;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return appId;
    }
}
