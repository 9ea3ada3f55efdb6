package aspstate.tds.login;

/** PRELOGIN option tokens ([MS-TDS] 2.2.6.5) this server and its client read or write. */
public final class PreloginOption {
    public static final int VERSION = 0x00;
    public static final int ENCRYPTION = 0x01;
    public static final int INSTOPT = 0x02;
    public static final int THREADID = 0x03;
    public static final int MARS = 0x04;
    public static final int TERMINATOR = 0xFF;

    /** Token, offset, length. */
    public static final int HEADER_BYTES = 5;

    private PreloginOption() {}
}
