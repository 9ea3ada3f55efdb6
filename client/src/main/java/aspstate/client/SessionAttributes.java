package aspstate.client;

import aspstate.sessionformat.NotADotNetValueException;
import aspstate.sessionformat.SessionItems;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A session's items as a Java application's attributes. A value of a type ASP.NET's format holds
 * ({@link SessionItems} has the table) is stored as that .NET type, so the .NET side reads it; any other
 * {@link Serializable} value, or one its .NET type cannot hold exactly, is stored Java-serialized inside a .NET
 * {@code byte[]} whose bytes start with {@link #JAVA_SERIALIZED} (the .NET side sees a byte array and keeps it as
 * it is). A Java {@code byte[]} that happens to start with that marker is stored Java-serialized too, so bytes a
 * user supplied are never taken for a serialized object.
 *
 * <p>Values are converted when the session is written ({@link #flush()}), so that changes made to an attribute
 * object after it was set or read are stored, as servlet containers store them.
 */
public final class SessionAttributes {
    /** The marker in front of a Java-serialized value: {@code aspstate:java-serialized:} in ASCII. */
    public static final byte[] JAVA_SERIALIZED = "aspstate:java-serialized:".getBytes(StandardCharsets.US_ASCII);

    private final SessionItems items;
    /** Attributes set, or read as objects the application may change, since the session was read: written back. */
    private final Map<String, Object> touched = new HashMap<>();

    private final ClassLoader classLoader;

    public SessionAttributes(SessionItems items, ClassLoader classLoader) {
        this.items = items;
        this.classLoader = classLoader;
    }

    ClassLoader classLoader() {
        return classLoader;
    }

    /** The attribute's value, or null; a Java-serialized value is deserialized once per session read. */
    public Object get(String name) {
        if (touched.containsKey(name)) {
            return touched.get(name);
        }
        Object value = items.get(name);
        if (value instanceof byte[] bytes) {
            Object held = isJavaSerialized(bytes) ? deserialize(name, bytes) : bytes;
            touched.put(name, held);
            return held;
        }
        return value;
    }

    public void set(String name, Object value) {
        if (value == null) {
            remove(name);
            return;
        }
        touched.put(name, value);
    }

    public void remove(String name) {
        touched.remove(name);
        items.remove(name);
    }

    public List<String> names() {
        List<String> names = new java.util.ArrayList<>(items.names());
        for (String name : touched.keySet()) {
            if (!items.contains(name)) {
                names.add(name);
            }
        }
        names.remove(null); // .NET's null-key item has no attribute name
        return names;
    }

    /** Whether anything may have changed since the session was read: then it is written back, as ASP.NET does. */
    public boolean changed() {
        return items.isDirty() || !touched.isEmpty();
    }

    /**
     * Converts the attributes set or read into the session's items.
     *
     * @throws IllegalArgumentException naming the attribute whose value is neither a .NET type nor serializable
     */
    public void flush() {
        for (Map.Entry<String, Object> attribute : touched.entrySet()) {
            String name = attribute.getKey();
            Object value = attribute.getValue();
            if (!(value instanceof byte[] bytes && isJavaSerialized(bytes))) {
                try {
                    items.set(name, value);
                    continue;
                } catch (NotADotNetValueException notDotNet) {
                    // stored Java-serialized below
                }
            }
            items.set(name, serialize(name, value));
        }
        touched.clear();
    }

    private static boolean isJavaSerialized(byte[] bytes) {
        return bytes.length >= JAVA_SERIALIZED.length
                && Arrays.equals(bytes, 0, JAVA_SERIALIZED.length, JAVA_SERIALIZED, 0, JAVA_SERIALIZED.length);
    }

    private static byte[] serialize(String name, Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(JAVA_SERIALIZED);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException(
                    "session attribute '" + name + "' holds a "
                            + value.getClass().getName()
                            + ", which is neither a type ASP.NET's session format holds nor "
                            + "Serializable (" + e.getMessage() + " is not)",
                    e);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "session attribute '" + name + "' cannot be serialized: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    private Object deserialize(String name, byte[] bytes) {
        InputStream in = new ByteArrayInputStream(bytes, JAVA_SERIALIZED.length, bytes.length - JAVA_SERIALIZED.length);
        try (ObjectInputStream objects = new ClassLoaderObjectInputStream(in, classLoader)) {
            return objects.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("session attribute '" + name + "' cannot be deserialized: " + e, e);
        }
    }

    /** Resolves classes through the application's class loader, not the one that loaded this library. */
    private static final class ClassLoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        ClassLoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass description) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(description.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(description);
            }
        }
    }
}
