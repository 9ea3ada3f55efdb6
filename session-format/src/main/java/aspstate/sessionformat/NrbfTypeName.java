package aspstate.sessionformat;

/**
 * The class name at the start of a BinaryFormatter stream ([MS-NRBF]), read best-effort to say what an Object item
 * holds. Only the first records are looked at; nothing is instantiated or resolved.
 */
final class NrbfTypeName {
    private static final int SERIALIZATION_HEADER = 0;
    /** RootId, HeaderId, MajorVersion and MinorVersion, four int32s. */
    private static final int SERIALIZATION_HEADER_BYTES = 16;

    private static final int BINARY_LIBRARY = 12;
    private static final int SYSTEM_CLASS_WITH_MEMBERS = 2;
    private static final int CLASS_WITH_MEMBERS = 3;
    private static final int SYSTEM_CLASS_WITH_MEMBERS_AND_TYPES = 4;
    private static final int CLASS_WITH_MEMBERS_AND_TYPES = 5;
    private static final int BINARY_OBJECT_STRING = 6;
    private static final int BINARY_ARRAY = 7;
    private static final int ARRAY_SINGLE_PRIMITIVE = 15;
    private static final int ARRAY_SINGLE_OBJECT = 16;
    private static final int ARRAY_SINGLE_STRING = 17;

    private NrbfTypeName() {}

    /** @return the class name, "System.String", "array", or null if the stream does not start as expected */
    static String of(BlobReader stream) {
        try {
            if (stream.u8("the record type") != SERIALIZATION_HEADER) {
                return null;
            }
            stream.skip(SERIALIZATION_HEADER_BYTES, "the serialization header");
            int recordType = stream.u8("the record type");
            if (recordType == BINARY_LIBRARY) {
                stream.int32("the library id");
                stream.string("the library name");
                recordType = stream.u8("the record type");
            }
            return switch (recordType) {
                case SYSTEM_CLASS_WITH_MEMBERS,
                        CLASS_WITH_MEMBERS,
                        SYSTEM_CLASS_WITH_MEMBERS_AND_TYPES,
                        CLASS_WITH_MEMBERS_AND_TYPES -> {
                    stream.int32("the object id");
                    yield stream.string("the class name");
                }
                case BINARY_OBJECT_STRING -> "System.String";
                case BINARY_ARRAY, ARRAY_SINGLE_PRIMITIVE, ARRAY_SINGLE_OBJECT, ARRAY_SINGLE_STRING -> "array";
                default -> null;
            };
        } catch (BlobFormatException e) {
            return null; // the name is a hint: a stream cut short has none, and the item is shown all the same
        }
    }
}
