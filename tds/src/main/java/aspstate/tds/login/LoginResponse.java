package aspstate.tds.login;

import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.token.InfoToken;
import aspstate.tds.token.LoginAckToken;
import aspstate.tds.type.Collation;
import aspstate.tds.wire.ServerIdentity;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * The tokens of a successful login, in the order SQL Server sends them: drivers build their session state from
 * the ENVCHANGEs (database, collation, language, packet size) and take the LOGINACK as success.
 */
public final class LoginResponse {
    private LoginResponse() {}

    /**
     * @param version         the version the connection speaks from now on, which LOGINACK names
     * @param failoverPartner announced as the database's mirroring partner, as SQL Server does for a mirrored
     *                        database (SqlClient's Failover Partner needs it), or null for none
     */
    public static void write(
            ByteBuf out,
            TdsVersion version,
            String database,
            int packetSize,
            int oldPacketSize,
            String failoverPartner) {
        EnvChangeToken.database(out, database, "master");
        if (failoverPartner != null) {
            EnvChangeToken.mirroringPartner(out, failoverPartner);
        }
        InfoToken.write(out, version, 5701, 2, "Changed database context to '" + database + "'.");
        EnvChangeToken.collation(out, Collation.SERVER_DEFAULT);
        EnvChangeToken.language(out, ServerIdentity.LANGUAGE, "");
        InfoToken.write(out, version, 5703, 1, "Changed language setting to " + ServerIdentity.LANGUAGE + ".");
        EnvChangeToken.packetSize(out, packetSize, oldPacketSize);
        LoginAckToken.write(out, version);
        DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
    }
}
