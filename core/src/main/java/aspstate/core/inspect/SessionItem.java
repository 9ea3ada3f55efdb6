package aspstate.core.inspect;

/**
 * One session item, for display.
 *
 * @param name       the key, or null for the item stored under the null key (cut like a string value if long)
 * @param typeCode   the type tag byte of the value (1-21); 0 for an ASP.NET Core value, which is untyped bytes
 * @param type       the .NET type name the tag stands for: "String", "Int32", ..., "Object", "Null"; for an
 *                   ASP.NET Core value, how its application most likely reads it: "String" (UTF-8 text,
 *                   {@code GetString}), "Int32" (4 bytes big-endian, {@code GetInt32}) or "Bytes"
 * @param value      the value as text for the primitive types (strings cut to {@link SessionBlob#PREVIEW_CHARS});
 *                   null for Object and Null; an ASP.NET Core "Bytes" value in hex, cut likewise
 * @param sizeBytes  the bytes the value takes in the blob, its tag included (an ASP.NET Core value has none)
 * @param objectType for an Object, the .NET class name found at the start of its BinaryFormatter stream, or null
 *                   if none was found there; null for the other types
 */
public record SessionItem(String name, int typeCode, String type, String value, int sizeBytes, String objectType) {}
