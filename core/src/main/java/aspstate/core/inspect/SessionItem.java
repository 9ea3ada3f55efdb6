package aspstate.core.inspect;

/**
 * One session item, for display.
 *
 * @param name       the key, or null for the item stored under the null key (cut like a string value if long)
 * @param typeCode   the type tag byte of the value (1-21)
 * @param type       the .NET type name the tag stands for: "String", "Int32", ..., "Object", "Null"
 * @param value      the value as text for the primitive types (strings cut to {@link SessionBlob#PREVIEW_CHARS});
 *                   null for Object and Null
 * @param sizeBytes  the bytes the value takes in the blob, its tag included
 * @param objectType for an Object, the .NET class name found at the start of its BinaryFormatter stream, or null
 *                   if none was found there; null for the other types
 */
public record SessionItem(String name, int typeCode, String type, String value, int sizeBytes, String objectType) {
}
