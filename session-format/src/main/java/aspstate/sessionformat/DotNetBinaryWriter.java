package aspstate.sessionformat;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;

/**
 * Writes bytes as .NET's BinaryWriter does: little-endian integers, 7-bit length-prefixed UTF-8 strings. It writes
 * what it is given, valid or not, so tests can also build the blobs a reader must refuse.
 */
public final class DotNetBinaryWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public DotNetBinaryWriter u8(int value) {
        out.write(value);
        return this;
    }

    public DotNetBinaryWriter bool(boolean value) {
        return u8(value ? 1 : 0);
    }

    public DotNetBinaryWriter int16(int value) {
        return u8(value).u8(value >>> 8);
    }

    public DotNetBinaryWriter int32(int value) {
        return int16(value).int16(value >>> 16);
    }

    public DotNetBinaryWriter int64(long value) {
        return int32((int) value).int32((int) (value >>> 32));
    }

    public DotNetBinaryWriter bytes(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    public DotNetBinaryWriter length7Bit(int length) {
        int rest = length;
        while ((rest & ~0x7F) != 0) {
            u8(rest & 0x7F | 0x80);
            rest >>>= 7;
        }
        return u8(rest);
    }

    public DotNetBinaryWriter string(String value) {
        byte[] utf8 = value.getBytes(UTF_8);
        return length7Bit(utf8.length).bytes(utf8);
    }

    public int size() {
        return out.size();
    }

    public byte[] toByteArray() {
        return out.toByteArray();
    }
}
