package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * FreeTDS's tsql running the T-SQL subset of text batches (tds-server.md, "SQL text"): DECLARE, EXEC with
 * literals, variables and OUTPUT, SELECT of variables and of @@VERSION and @@SPID, as a person at tsql or sqsh
 * would call the ASPState procedures. These need the server's batch interpreter.
 */
@Timeout(120)
class TsqlBatchInterpreterInteropTest {
    /** A session id as ASP.NET makes them: 24 characters, then the application id in lower-case hex. */
    private static final String ID = "tsqlbatchinterpreterabcd" + "cd0903f9";
    /** The first reply packet's header in a TDSDUMP: type 04, status, length, then the SPID's two bytes. */
    private static final Pattern REPLY_HEADER =
            Pattern.compile("(?m)^0000 04 0[01] \\p{XDigit}{2} \\p{XDigit}{2} (\\p{XDigit}{2}) (\\p{XDigit}{2})");

    @RegisterExtension
    static final InProcessServer SERVER = new InProcessServer();

    @Test
    void declareExecSelectReturnsTheAppId() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(
                SERVER.tdsPort(),
                "7.4",
                "DECLARE @x int; EXEC dbo.TempGetAppID N'/lm/w3svc/1/root', @x OUTPUT; SELECT @x");

        assertThat(result.stdout()).as(result.stderr()).containsExactly("", "538231025");
    }

    @Test
    void namedArgumentsPassTheAppNameAndReceiveTheAppId() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(
                SERVER.tdsPort(),
                "7.4",
                "DECLARE @x int\n"
                        + "EXEC dbo.TempGetAppID @appName = '/LM/W3SVC/1/ROOT/SessionStateSerialization', @appId = @x OUTPUT\n"
                        + "SELECT @x");

        assertThat(result.stdout()).as(result.stderr()).containsExactly("", "-855047175");
    }

    @Test
    void tempGetVersionSetsAVariable() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(
                SERVER.tdsPort(), "7.4", "DECLARE @ver char(10); EXEC dbo.TempGetVersion @ver OUTPUT; SELECT @ver");

        assertThat(result.stdout()).as(result.stderr()).hasSize(2);
        assertThat(result.stdout().get(1).strip()).isEqualTo("2");
    }

    @Test
    void anItemInsertedFromLiteralsIsReturnedByTheGet() throws Exception {
        String get = "DECLARE @item varbinary(7000), @locked bit, @lockAge int, @lockCookie int, @actionFlags int; "
                + "EXEC dbo.TempGetStateItem3 N'" + ID + "', @item OUTPUT, @locked OUTPUT, @lockAge OUTPUT, "
                + "@lockCookie OUTPUT, @actionFlags OUTPUT; ";
        BoundedProcess.Result result = TsqlClient.run(
                SERVER.tdsPort(),
                "7.4",
                "EXEC dbo.TempInsertStateItemShort N'" + ID + "', 0x010203, 20",
                get + "SELECT @item",
                get + "SELECT @lockCookie");

        assertThat(result.stdout()).as(result.stderr()).hasSize(4);
        // FreeTDS prints binary as bare hex; accept a 0x prefix and either case all the same.
        assertThat(result.stdout().get(1)).matches("(?i)(0x)?010203");
        assertThat(result.stdout().get(3)).as("an insert's cookie").isEqualTo("1");
    }

    @Test
    void aDuplicateInsertIsError2627() throws Exception {
        String insert = "EXEC dbo.TempInsertStateItemShort N'duplicateinsertbytsqlabcdcd0903f9', 0x01, 20";

        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", insert, insert);

        assertThat(result.stderr()).containsOnlyOnce("Msg 2627 (severity 14");
    }

    @Test
    void anUnknownProcedureIsError2812AndTsqlGoesOn() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", "EXEC dbo.NoSuchProcedure", "SELECT 1");

        assertThat(result.stderr()).contains("Msg 2812 (severity 16");
        assertThat(result.stdout()).containsExactly("", "1");
    }

    @Test
    void selectVersionNamesSqlServer16() throws Exception {
        BoundedProcess.Result result = TsqlClient.run(SERVER.tdsPort(), "7.4", "SELECT @@VERSION");

        String version = String.join("\n", result.stdout());
        assertThat(version).as(result.stderr()).contains("Microsoft SQL Server").contains("16.");
    }

    @Test
    void selectSpidIsTheSpidOfTheReplyPackets(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("tds.dump");

        BoundedProcess.Result result =
                TsqlClient.run(SERVER.tdsPort(), Map.of("TDSDUMP", dump.toString()), "SELECT @@SPID");

        Matcher header = REPLY_HEADER.matcher(Files.readString(dump));
        assertThat(header.find()).as("a reply packet in the protocol dump").isTrue();
        int headerSpid = Integer.parseInt(header.group(1) + header.group(2), 16);
        assertThat(headerSpid).isPositive();
        assertThat(result.stdout()).as(result.stderr()).containsExactly("", String.valueOf(headerSpid));
    }
}
