package aspstate.sessionformat;

/**
 * How much of a blob a reader takes on: what a session holds is read whole by an application and previewed by the
 * inspector, and both bound what a hostile blob can make them allocate.
 *
 * @param maxItems         items read, at most: those after them are counted and skipped, nothing decoded or
 *                         allocated for them
 * @param previewChars     strings and keys longer than this are cut to it and {@link #CUT_MARKER}, decoding only
 *                         the bytes needed; 0 reads them whole
 * @param maxInflatedBytes compressed data inflating to more is refused, so that a small zip bomb cannot exhaust
 *                         the heap
 */
public record ReadLimits(int maxItems, int previewChars, int maxInflatedBytes) {
    public static final String CUT_MARKER = "...";
    /** 64 MiB, the largest session body the server accepts by default. */
    public static final int DEFAULT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
    /** Everything, as an application reads its session: only the inflation limit applies. */
    public static final ReadLimits WHOLE = new ReadLimits(Integer.MAX_VALUE, 0, DEFAULT_MAX_INFLATED_BYTES);

    public ReadLimits {
        if (maxItems < 0 || previewChars < 0 || maxInflatedBytes < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    boolean previews() {
        return previewChars > 0;
    }

    /**
     * The text as a preview of {@code previewChars} shows it: whole when it has at most that many chars (or
     * previewChars is 0), else its first previewChars chars and {@link #CUT_MARKER}, a surrogate pair never cut in
     * half.
     */
    public static String preview(String text, int previewChars) {
        if (previewChars == 0 || text.length() <= previewChars) {
            return text;
        }
        int cut = previewChars;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + CUT_MARKER;
    }
}
