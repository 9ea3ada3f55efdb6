package aspstate.core.store;

/**
 * What a {@link Mutation} decided: leave the stored value as it is, replace it, or delete it, plus the result to
 * hand back to the caller.
 */
public final class Outcome<V, R> {
    public enum Change {
        KEEP,
        PUT,
        DELETE
    }

    private final Change change;
    private final V value;
    private final R result;

    private Outcome(Change change, V value, R result) {
        this.change = change;
        this.value = value;
        this.result = result;
    }

    public static <V, R> Outcome<V, R> keep(R result) {
        return new Outcome<>(Change.KEEP, null, result);
    }

    public static <V, R> Outcome<V, R> put(V value, R result) {
        if (value == null) {
            throw new IllegalArgumentException("put needs a value; use delete to remove");
        }
        return new Outcome<>(Change.PUT, value, result);
    }

    public static <V, R> Outcome<V, R> delete(R result) {
        return new Outcome<>(Change.DELETE, null, result);
    }

    public Change change() {
        return change;
    }

    /** The new value for {@link Change#PUT}, otherwise null. */
    public V value() {
        return value;
    }

    public R result() {
        return result;
    }

    @Override
    public String toString() {
        return change + (value == null ? "" : " " + value) + " -> " + result;
    }
}
