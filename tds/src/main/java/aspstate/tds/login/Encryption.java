package aspstate.tds.login;

/** PRELOGIN ENCRYPTION values ([MS-TDS] 2.2.6.5). */
public enum Encryption {
    /** Encrypt the login only. */
    OFF(0x00),
    ON(0x01),
    NOT_SUPPORTED(0x02),
    REQUIRED(0x03);

    private final int wireValue;

    Encryption(int wireValue) {
        this.wireValue = wireValue;
    }

    public int wireValue() {
        return wireValue;
    }

    /** Reads the value; the high bit (client certificate authentication) does not change the level. */
    static Encryption of(int wireValue) {
        int level = wireValue & 0x7F;
        for (Encryption encryption : values()) {
            if (encryption.wireValue == level) {
                return encryption;
            }
        }
        throw new IllegalArgumentException("unknown PRELOGIN encryption value 0x" + Integer.toHexString(wireValue));
    }

    /** A client asking for this refuses a server that answers NOT_SUP. */
    public boolean demandsTls() {
        return this == ON || this == REQUIRED;
    }
}
