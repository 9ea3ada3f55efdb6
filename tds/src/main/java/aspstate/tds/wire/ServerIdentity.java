package aspstate.tds.wire;

/** How this server presents itself to TDS clients. */
public final class ServerIdentity {
    /** Clients show this in messages; SQL Server sends its machine or instance name. */
    public static final String SERVER_NAME = "aspstate";
    /** LOGINACK ProgName: drivers expect SQL Server's. */
    public static final String PROGRAM_NAME = "Microsoft SQL Server";
    /** SQL Server 2022 (16.0): mssql-jdbc refuses a PRELOGIN VERSION major below 9. */
    public static final int MAJOR_VERSION = 16;

    public static final int MINOR_VERSION = 0;
    public static final int BUILD = 1000;
    /** The login's language, which the login reply announces. */
    public static final String LANGUAGE = "us_english";
    /**
     * @@VERSION: tools parse the product and version from its start, as they would SQL Server's; the rest says
     * what answers.
     */
    public static final String VERSION_TEXT = PROGRAM_NAME + " 2022 - " + MAJOR_VERSION + "." + MINOR_VERSION + "."
            + BUILD + ".0 (X64)\n\taspstate session-state server: serves the ASPState and SharePoint session-state "
            + "procedures over TDS; it is not a general SQL Server.";

    private ServerIdentity() {}
}
