package aspstate.tds.wire;

/**
 * The TDS versions this server speaks, oldest first, each with the value LOGINACK names it by ([MS-TDS] 2.2.7.14).
 * A connection speaks the newest version its client knows: the client names that in LOGIN7 ([MS-TDS] 2.2.6.4), and
 * reads every token in that version's layout, so the server must neither name nor write a newer one (jTDS speaks
 * 7.1 only).
 */
public enum TdsVersion {
    /** SQL Server 2000. */
    V7_1(0x71000001),
    /** SQL Server 2005: 8-byte row counts, 4-byte UserType and LineNumber, ALL_HEADERS in requests. */
    V7_2(0x72090002),
    /** SQL Server 2008. */
    V7_3A(0x730A0003),
    /** SQL Server 2008 R2. */
    V7_3B(0x730B0003),
    /** SQL Server 2012 and later. */
    V7_4(0x74000004);

    /**
     * What a client in TDS 8.0 strict-encryption mode (mssql-jdbc encrypt=strict) names in LOGIN7; inside its TLS it
     * speaks 7.4. It compares below every 7.x value, so it is matched exactly.
     */
    private static final int TDS_8_0 = 0x08000000;

    private final int loginAckValue;

    TdsVersion(int loginAckValue) {
        this.loginAckValue = loginAckValue;
    }

    /**
     * The version to speak with a client naming {@code clientVersion} in LOGIN7. A client older than 7.1 (TDS 7.0)
     * gets 7.1, the oldest served, which it may not read.
     */
    public static TdsVersion spokenWith(int clientVersion) {
        if (clientVersion == TDS_8_0) {
            return V7_4;
        }
        TdsVersion spoken = V7_1;
        for (TdsVersion version : values()) {
            if (Integer.compareUnsigned(clientVersion, version.loginAckValue) >= 0) {
                spoken = version;
            }
        }
        return spoken;
    }

    /** The value LOGINACK carries (big-endian on the wire). */
    public int loginAckValue() {
        return loginAckValue;
    }

    public boolean isAtLeast(TdsVersion other) {
        return compareTo(other) >= 0;
    }
}
