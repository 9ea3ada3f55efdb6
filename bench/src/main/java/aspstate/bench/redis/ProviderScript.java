package aspstate.bench.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The Lua scripts that emulate Microsoft's RedisSessionStateProvider, one per provider operation, kept as
 * resources under {@code /redis}. Each script takes the same three keys (see {@link ProviderKeys}); the SHA-1 is
 * computed here so that EVALSHA needs no reply from SCRIPT LOAD, and matches what Redis computes.
 */
enum ProviderScript {
    GET_ITEM_EXCLUSIVE("get_item_exclusive"),
    GET_ITEM("get_item"),
    SET_AND_RELEASE_ITEM_EXCLUSIVE("set_and_release_item_exclusive"),
    RELEASE_ITEM_EXCLUSIVE("release_item_exclusive"),
    REMOVE_ITEM("remove_item"),
    RESET_ITEM_TIMEOUT("reset_item_timeout"),
    INSERT_NEW_ITEM("insert_new_item"),
    SET_ITEM("set_item");

    private final String fileName;
    private final byte[] source;
    private final String sha;

    ProviderScript(String baseName) {
        this.fileName = baseName + ".lua";
        this.source = read("/redis/" + fileName);
        this.sha = sha1Hex(source);
    }

    /** The resource's file name, e.g. {@code get_item.lua}. */
    String fileName() {
        return fileName;
    }

    /** The script's bytes, exactly as sent with SCRIPT LOAD or EVAL. */
    byte[] source() {
        return source.clone();
    }

    /** Lower-case hex SHA-1 of {@link #source()}, the name EVALSHA uses. */
    String sha() {
        return sha;
    }

    private static byte[] read(String resource) {
        try (InputStream in = ProviderScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing script resource " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read script resource " + resource, e);
        }
    }

    private static String sha1Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-1", e);
        }
    }
}
