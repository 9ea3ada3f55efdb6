package aspstate.core.testing;

import aspstate.sessionformat.DotNetBinaryWriter;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.Deflater;

/** Builds session blobs as SessionStateUtility.Serialize writes them, so tests can state their items, not bytes. */
public final class SessionBlobBuilder {
    private final int timeoutMinutes;
    private final List<String> names = new ArrayList<>();
    private final List<byte[]> values = new ArrayList<>();
    private final List<Consumer<DotNetBinaryWriter>> staticObjects = new ArrayList<>();

    private SessionBlobBuilder(int timeoutMinutes) {
        this.timeoutMinutes = timeoutMinutes;
    }

    public static SessionBlobBuilder session(int timeoutMinutes) {
        return new SessionBlobBuilder(timeoutMinutes);
    }

    /** @param name null for the null-key item */
    public SessionBlobBuilder item(String name, byte[] value) {
        names.add(name);
        values.add(value);
        return this;
    }

    /** @param entry writes the entry after its name: hasInstance and the value, or the type name and lateBound */
    public SessionBlobBuilder staticObject(String name, Consumer<DotNetBinaryWriter> entry) {
        staticObjects.add(out -> entry.accept(out.string(name)));
        return this;
    }

    public byte[] build() {
        DotNetBinaryWriter out = new DotNetBinaryWriter()
                .int32(timeoutMinutes)
                .bool(!names.isEmpty())
                .bool(!staticObjects.isEmpty());
        if (!names.isEmpty()) {
            out.int32(names.size()).int32(names.indexOf(null));
            names.stream().filter(name -> name != null).forEach(out::string);
            int end = 0;
            for (byte[] value : values) {
                end += value.length;
                out.int32(end);
            }
            values.forEach(out::bytes);
        }
        if (!staticObjects.isEmpty()) {
            out.int32(staticObjects.size());
            staticObjects.forEach(entry -> entry.accept(out));
        }
        return out.u8(0xFF).toByteArray();
    }

    /**
     * {@code items} String items whose keys ({@code k0}, {@code k1}... padded) and values are {@code chars}
     * characters of {@code fill}: sessions as large, or as costly to show, as a test needs.
     */
    public static byte[] manyStrings(int items, int chars, char fill) {
        String filler = String.valueOf(fill).repeat(chars);
        SessionBlobBuilder blob = session(20);
        for (int i = 0; i < items; i++) {
            blob.item(("k" + i + filler).substring(0, chars), stringValue(filler));
        }
        return blob.build();
    }

    /** As SerializeStoreData with compressionEnabled: raw deflate, then one 0xFF of padding. */
    public static byte[] compress(byte[] envelope) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(envelope);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[4096];
        while (!deflater.finished()) {
            out.write(chunk, 0, deflater.deflate(chunk));
        }
        deflater.end();
        out.write(0xFF);
        return out.toByteArray();
    }

    /** A value of the given tag: the tag byte, then what the writer writes. */
    public static byte[] value(int tag, Consumer<DotNetBinaryWriter> payload) {
        DotNetBinaryWriter out = new DotNetBinaryWriter().u8(tag);
        payload.accept(out);
        return out.toByteArray();
    }

    public static byte[] stringValue(String text) {
        return value(1, out -> out.string(text));
    }

    public static byte[] int32Value(int number) {
        return value(2, out -> out.int32(number));
    }
}
