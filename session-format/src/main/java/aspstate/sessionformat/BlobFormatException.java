package aspstate.sessionformat;

/**
 * What is wrong with a blob and where. Inside this package only: readers turn it into a problem text
 * ({@link BlobReading#problem()}) or a {@link SessionFormatException}. Hostile blobs are normal input, so it carries
 * no stack trace.
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
