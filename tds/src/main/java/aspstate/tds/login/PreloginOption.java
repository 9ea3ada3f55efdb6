package aspstate.tds.login;

/** PRELOGIN option tokens ([MS-TDS] 2.2.6.5) this server reads or writes. */
final class PreloginOption {
    static final int VERSION = 0x00;
    static final int ENCRYPTION = 0x01;
    static final int INSTOPT = 0x02;
    static final int THREADID = 0x03;
    static final int MARS = 0x04;
    static final int TERMINATOR = 0xFF;

    /** Token, offset, length. */
    static final int HEADER_BYTES = 5;

    private PreloginOption() {
    }
}
