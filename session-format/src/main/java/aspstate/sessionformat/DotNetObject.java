package aspstate.sessionformat;

import java.util.Arrays;

/**
 * A value .NET wrote with its BinaryFormatter (type id Object): kept as the bytes of the stream, never
 * deserialized, and written back unchanged, so that the .NET side gets its object back. Immutable: it holds a copy
 * of the bytes and hands out copies.
 */
public final class DotNetObject {
    private final byte[] stream;

    /** @param stream a BinaryFormatter ([MS-NRBF]) stream, as .NET wrote it */
    public DotNetObject(byte[] stream) {
        this.stream = stream.clone();
    }

    /** A copy of the BinaryFormatter stream. */
    public byte[] stream() {
        return stream.clone();
    }

    int length() {
        return stream.length;
    }

    byte[] streamWithoutCopy() {
        return stream;
    }

    /**
     * The .NET class named at the start of the stream ("MyApp.Cart", "System.String"), "array" for an array, or
     * null when the stream does not start as expected: a hint for display, read without resolving anything.
     */
    public String typeName() {
        return NrbfTypeName.of(new BlobReader(stream, 0, "the stream"));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DotNetObject that && Arrays.equals(stream, that.stream);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(stream);
    }

    @Override
    public String toString() {
        String type = typeName();
        return "DotNetObject[" + (type == null ? "?" : type) + ", " + stream.length + " bytes]";
    }
}
