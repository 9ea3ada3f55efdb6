package aspstate.core.inspect;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ASP.NET Core's session data as DistributedSession writes it, read back for the inspector. */
class CoreSessionBlobTest {
    /** Guid.ToByteArray() of 00112233-4455-6677-8899-aabbccddeeff: the first three fields little-endian. */
    static final byte[] ID = {
        0x33,
        0x22,
        0x11,
        0x00,
        0x55,
        0x44,
        0x77,
        0x66,
        (byte) 0x88,
        (byte) 0x99,
        (byte) 0xAA,
        (byte) 0xBB,
        (byte) 0xCC,
        (byte) 0xDD,
        (byte) 0xEE,
        (byte) 0xFF
    };

    /** Builds session data as DistributedSession.Serialize lays it out. */
    static final class CoreSession {
        private final ByteArrayOutputStream entries = new ByteArrayOutputStream();
        private int count;

        CoreSession with(String key, byte[] value) {
            byte[] keyBytes = key.getBytes(UTF_8);
            entries.write(keyBytes.length >> 8);
            entries.write(keyBytes.length);
            entries.writeBytes(keyBytes);
            for (int shift = 24; shift >= 0; shift -= 8) {
                entries.write(value.length >> shift);
            }
            entries.writeBytes(value);
            count++;
            return this;
        }

        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(2);
            out.write(count >> 16);
            out.write(count >> 8);
            out.write(count);
            out.writeBytes(ID);
            out.writeBytes(entries.toByteArray());
            return out.toByteArray();
        }
    }

    @Test
    void readsTheSessionIdAndEveryEntryAsItsApplicationWouldReadIt() {
        byte[] data = new CoreSession()
                .with("user", "Zoë".getBytes(UTF_8))
                .with("visits", new byte[] {0, 0, 1, 2})
                .with("blob", new byte[] {1, 2, 3})
                .with("", new byte[0])
                .bytes();

        DecodedSession session = CoreSessionBlob.decode(data);

        assertThat(session.problem()).isNull();
        assertThat(session.sessionId()).isEqualTo("00112233-4455-6677-8899-aabbccddeeff");
        assertThat(session.timeoutMinutes()).isNull();
        assertThat(session.items())
                .containsExactly(
                        new SessionItem("user", 0, "String", "Zoë", 4, null),
                        new SessionItem("visits", 0, "Int32", "258", 4, null),
                        new SessionItem("blob", 0, "Bytes", "010203", 3, null),
                        new SessionItem("", 0, "String", "", 0, null));
    }

    @Test
    void anEmptySessionHasItsIdAndNoEntries() {
        DecodedSession session = CoreSessionBlob.decode(new CoreSession().bytes());

        assertThat(session)
                .isEqualTo(
                        new DecodedSession(false, null, "00112233-4455-6677-8899-aabbccddeeff", List.of(), 0, 0, null));
    }

    @Test
    void longValuesAreCut() {
        byte[] binary = new byte[2000];
        binary[0] = 1;
        DecodedSession session = CoreSessionBlob.decode(new CoreSession()
                .with("text", "x".repeat(5000).getBytes(UTF_8))
                .with("binary", binary)
                .bytes());

        assertThat(session.items().get(0).value())
                .hasSize(SessionBlob.PREVIEW_CHARS + 3)
                .endsWith("...");
        assertThat(session.items().get(1).value())
                .hasSize(SessionBlob.PREVIEW_CHARS + 3)
                .startsWith("0100");
        assertThat(session.items().get(1).sizeBytes()).isEqualTo(2000);
    }

    @Test
    void whatCannotBeReadIsSaidWithTheEntriesBeforeIt() {
        byte[] whole = new CoreSession()
                .with("a", new byte[] {7})
                .with("b", new byte[] {8, 9})
                .bytes();
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 1);
        byte[] extra = java.util.Arrays.copyOf(whole, whole.length + 2);
        byte[] otherRevision = whole.clone();
        otherRevision[0] = 1;

        DecodedSession cutShort = CoreSessionBlob.decode(cut);

        assertThat(cutShort.items()).extracting(SessionItem::name).containsExactly("a");
        assertThat(cutShort.problem()).contains("the value of entry 1");
        assertThat(CoreSessionBlob.decode(extra).problem()).startsWith("2 bytes after the last entry");
        assertThat(CoreSessionBlob.decode(extra).items()).hasSize(2);
        assertThat(CoreSessionBlob.decode(otherRevision).problem()).contains("revision 1");
        assertThat(CoreSessionBlob.decode(new byte[0]).problem()).contains("the serialization revision");
        assertThat(CoreSessionBlob.decode(null).problem()).isEqualTo("no data");
    }

    @Test
    void aCountTheDataCannotHoldOrANegativeLengthIsRefused() {
        byte[] many = new CoreSession().bytes();
        many[1] = 1; // 65,536 entries in 20 bytes
        byte[] negative = new CoreSession().with("k", new byte[] {1}).bytes();
        negative[4 + 16 + 3] = (byte) 0x80;

        assertThat(CoreSessionBlob.decode(many).problem()).startsWith("entry count 65536 needs at least 393216 bytes");
        assertThat(CoreSessionBlob.decode(negative).problem()).contains("negative");
    }

    @Test
    void entriesPastTheInspectorsLimitAreCountedNotShown() {
        CoreSession session = new CoreSession();
        int entries = SessionBlob.MAX_ITEMS_SHOWN + 500;
        for (int i = 0; i < entries; i++) {
            session.with("key" + i, new byte[] {1, 2, 3, 4});
        }

        DecodedSession decoded = CoreSessionBlob.decode(session.bytes());

        assertThat(decoded.problem()).isNull();
        assertThat(decoded.items()).hasSize(SessionBlob.MAX_ITEMS_SHOWN);
        assertThat(decoded.itemCount()).isEqualTo(entries);
    }
}
