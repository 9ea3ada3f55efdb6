package aspstate.bench;

/**
 * Session ids shaped like ASP.NET's: an application prefix and a 24-character id from the same alphabet
 * (a-z, 0-5), so keys have realistic lengths and hash realistically.
 */
public final class SessionIds {
    private static final String PREFIX = "/LM/W3SVC/1/ROOT/bench(Ab+cDeFgHiJkLmNoPq=)/";
    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz012345".toCharArray();

    private SessionIds() {
    }

    /** The id of pre-loaded session number {@code index}. */
    public static String preloaded(long index) {
        return id('p', index);
    }

    /** A fresh id for a new visitor, never used before in this run. */
    public static String fresh(long index) {
        return id('n', index);
    }

    private static String id(char kind, long index) {
        char[] id = new char[24];
        id[0] = kind;
        long value = index;
        for (int i = id.length - 1; i > 0; i--) {
            id[i] = ALPHABET[(int) (value & 31)];
            value >>>= 5;
        }
        return PREFIX + new String(id);
    }
}
