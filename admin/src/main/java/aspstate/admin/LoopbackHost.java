package aspstate.admin;

import java.util.regex.Pattern;

/**
 * Without a token the admin listener is on loopback and trusts whoever reaches it. A web page elsewhere can still
 * make the operator's browser reach it by pointing a name of its own at 127.0.0.1 (DNS rebinding); its requests
 * then carry that name in Host. Only loopback names and addresses are accepted, which such a page cannot send.
 */
final class LoopbackHost {
    private static final Pattern LOOPBACK = Pattern.compile(
            "(localhost|127(\\.\\d{1,3}){3}|\\[::1]|\\[0*:(0*:){0,6}0*1])(:\\d{1,5})?", Pattern.CASE_INSENSITIVE);

    private LoopbackHost() {}

    /** True for a Host header naming a loopback host (with or without a port); false for none or any other. */
    static boolean named(String host) {
        return host != null && LOOPBACK.matcher(host.trim()).matches();
    }
}
