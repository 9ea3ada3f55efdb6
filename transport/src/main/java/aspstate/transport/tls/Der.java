package aspstate.transport.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/** The few DER encodings (ITU-T X.690) a self-signed X.509 certificate is made of. */
final class Der {
    private static final int INTEGER = 0x02;
    private static final int BIT_STRING = 0x03;
    private static final int NULL = 0x05;
    private static final int OID = 0x06;
    private static final int UTF8_STRING = 0x0C;
    private static final int UTC_TIME = 0x17;
    private static final int SEQUENCE = 0x30;
    private static final int SET = 0x31;

    private Der() {}

    static byte[] sequence(byte[]... parts) {
        return tagged(SEQUENCE, concat(parts));
    }

    static byte[] set(byte[]... parts) {
        return tagged(SET, concat(parts));
    }

    /** Context-specific, constructed: the {@code [n] EXPLICIT} wrapper. */
    static byte[] explicit(int n, byte[] content) {
        return tagged(0xA0 | n, content);
    }

    static byte[] integer(BigInteger value) {
        return tagged(INTEGER, value.toByteArray());
    }

    static byte[] nullValue() {
        return tagged(NULL, new byte[0]);
    }

    /** An OBJECT IDENTIFIER already in its content encoding (so constants read as in the RFCs' hex dumps). */
    static byte[] oid(byte[] content) {
        return tagged(OID, content);
    }

    static byte[] utf8(String text) {
        return tagged(UTF8_STRING, text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code YYMMDDhhmmssZ}; UTCTime is what RFC 5280 4.1.2.5 asks for up to 2049. */
    static byte[] utcTime(String text) {
        return tagged(UTC_TIME, text.getBytes(StandardCharsets.US_ASCII));
    }

    /** A whole number of bytes: no unused bits. */
    static byte[] bitString(byte[] bytes) {
        return tagged(BIT_STRING, concat(new byte[] {0}, bytes));
    }

    private static byte[] tagged(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int lengthBytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | lengthBytes);
            for (int i = lengthBytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
