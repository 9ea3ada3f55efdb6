package aspstate.core.inspect;

import aspstate.sessionformat.DotNetBinaryWriter;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.Deflater;

/** Builds session blobs as SessionStateUtility.Serialize writes them, so tests can state their items, not bytes. */
final class SessionBlobBuilder {
    private final int timeoutMinutes;
    private final List<String> names = new ArrayList<>();
    private final List<byte[]> values = new ArrayList<>();
    private final List<Consumer<DotNetBinaryWriter>> staticObjects = new ArrayList<>();

    private SessionBlobBuilder(int timeoutMinutes) {
        this.timeoutMinutes = timeoutMinutes;
    }

    static SessionBlobBuilder session(int timeoutMinutes) {
        return new SessionBlobBuilder(timeoutMinutes);
    }

    /** @param name null for the null-key item */
    SessionBlobBuilder item(String name, byte[] value) {
        names.add(name);
        values.add(value);
        return this;
    }

    /** @param entry writes the entry after its name: hasInstance and the value, or the type name and lateBound */
    SessionBlobBuilder staticObject(String name, Consumer<DotNetBinaryWriter> entry) {
        staticObjects.add(out -> entry.accept(out.string(name)));
        return this;
    }

    byte[] build() {
        DotNetBinaryWriter out = new DotNetBinaryWriter()
                .int32(timeoutMinutes).bool(!names.isEmpty()).bool(!staticObjects.isEmpty());
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

    /** As SerializeStoreData with compressionEnabled: raw deflate, then one 0xFF of padding. */
    static byte[] compress(byte[] envelope) {
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
    static byte[] value(int tag, Consumer<DotNetBinaryWriter> payload) {
        DotNetBinaryWriter out = new DotNetBinaryWriter().u8(tag);
        payload.accept(out);
        return out.toByteArray();
    }

    static byte[] stringValue(String text) {
        return value(1, out -> out.string(text));
    }

    static byte[] int32Value(int number) {
        return value(2, out -> out.int32(number));
    }
}
