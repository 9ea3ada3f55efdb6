package aspstate.bench;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Weighted choice of page kinds, written "rw=90,ro=10" (weights need not add up to 100). */
public final class PageMix {
    private final PageKind[] kinds;
    private final int[] cumulative;
    private final Map<PageKind, Integer> weights;

    private PageMix(Map<PageKind, Integer> weights) {
        this.weights = weights;
        this.kinds = weights.keySet().toArray(new PageKind[0]);
        this.cumulative = new int[kinds.length];
        int total = 0;
        for (int i = 0; i < kinds.length; i++) {
            total += weights.get(kinds[i]);
            cumulative[i] = total;
        }
    }

    public static PageMix parse(String text) {
        Map<PageKind, Integer> weights = new EnumMap<>(PageKind.class);
        for (String part : text.split(",")) {
            String[] pair = part.split("=");
            if (pair.length != 2) {
                throw new IllegalArgumentException("mix entries look like rw=90, got '" + part.trim() + "'");
            }
            int weight;
            try {
                weight = Integer.parseInt(pair[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("weight in '" + part.trim() + "' is not a whole number");
            }
            if (weight < 0) {
                throw new IllegalArgumentException("weight in '" + part.trim() + "' is negative");
            }
            if (weight > 0) {
                weights.merge(PageKind.ofCode(pair[0]), weight, Integer::sum);
            }
        }
        if (weights.isEmpty()) {
            throw new IllegalArgumentException("mix '" + text + "' has no page kind with a positive weight");
        }
        return new PageMix(weights);
    }

    public static PageMix only(PageKind kind) {
        return new PageMix(Map.of(kind, 1));
    }

    public PageKind next(SplittableRandom random) {
        int pick = random.nextInt(cumulative[cumulative.length - 1]);
        for (int i = 0; i < cumulative.length; i++) {
            if (pick < cumulative[i]) {
                return kinds[i];
            }
        }
        throw new IllegalStateException("unreachable");
    }

    public boolean includes(PageKind kind) {
        return weights.containsKey(kind);
    }

    /** Every kind but the new visitor works on pre-loaded sessions. */
    public boolean usesPreloadedSessions() {
        return weights.size() > 1 || !weights.containsKey(PageKind.NEW_VISITOR);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        weights.forEach((kind, weight) -> text.append(text.length() == 0 ? "" : ",")
                .append(kind.code())
                .append('=')
                .append(weight));
        return text.toString();
    }
}
