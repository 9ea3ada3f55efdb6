package aspstate.store.journal;

/** A record whose checksum matched but whose fields do not read as its kind of value: written by another format. */
final class CorruptRecordException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CorruptRecordException(String message) {
        super(message, null, false, false);
    }
}
