package aspstate.core.inspect;

/**
 * What is wrong with a blob and where, as the inspector shows it. Never leaves this package: {@link SessionBlob}
 * turns it into {@link DecodedSession#problem()}. Hostile blobs are normal input, so it carries no stack trace.
 */
final class BlobFormatException extends RuntimeException {

    BlobFormatException(String message) {
        super(message, null, false, false);
    }

    /** The same problem with where it happened in front: "item 1 ('count'): ...". */
    BlobFormatException within(String context) {
        return new BlobFormatException(context + ": " + getMessage());
    }
}
