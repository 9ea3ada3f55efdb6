package aspstate.bench.memory;

import aspstate.cli.Count;
import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.StoreStatistics;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import javax.management.ObjectName;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Measures what the in-memory store costs per session beyond the key and the payload: fills a
 * {@link MemorySessionStore} with N sessions through the real StateServer Set semantics and compares the live heap
 * before and after.
 *
 * <p>Two independent measurements are reported:
 * <ul>
 *   <li><b>Heap delta</b>: {@link MemoryMXBean} heap "used" after {@code System.gc()}, repeated until two
 *       consecutive readings agree within {@value #STABLE_BYTES} bytes. With HotSpot's collectors
 *       {@code System.gc()} is a full, compacting, stop-the-world collection (unless {@code -XX:+DisableExplicitGC}
 *       or {@code -XX:+ExplicitGCInvokesConcurrent} is set, which this tool detects and warns about), so "used"
 *       right after it is the live set plus a little allocation by this thread.</li>
 *   <li><b>Class histogram delta</b>: the JVM's own live-object histogram (the {@code GC.class_histogram}
 *       diagnostic command, the same as {@code jcmd <pid> GC.class_histogram} / {@code jmap -histo:live}), taken
 *       in-process through the DiagnosticCommand MBean before and after the fill. It counts exact object sizes
 *       (headers, fields, padding) per class, so the difference attributes the overhead to the table's arrays,
 *       entries, Strings, array headers and expiry bucket arrays.</li>
 * </ul>
 * The two agree to within a byte or two per session at 1M sessions; if they do not, something else in the JVM
 * allocated during the run.
 */
public final class MemoryFootprint {
    /** Two heap readings within this many bytes count as settled. */
    static final long STABLE_BYTES = 256 * 1024;

    private static final int MAX_GC_ROUNDS = 10;
    private static final int TIMEOUT_MINUTES = 20;

    private MemoryFootprint() {}

    /**
     * @param sessions     number of sessions to insert
     * @param payloadBytes size of each session's data
     * @param keyLength    chars (= bytes, keys are Latin-1) per key
     * @param histogram    take class histograms (exact per-class attribution)
     * @param top          lines of the final class histogram to print
     */
    public record Options(int sessions, int payloadBytes, int keyLength, boolean histogram, int top) {
        public Options {
            if (sessions <= 0 || payloadBytes < 1 || top < 0) {
                throw new IllegalArgumentException("sessions and payload must be positive");
            }
            new AspNetKeys(keyLength); // validates the length
        }
    }

    /** Change in live instances and bytes of one class between the two histograms. */
    public record ClassDelta(String className, long instances, long bytes) {}

    /**
     * The result of one run.
     *
     * @param heapBefore       settled heap used with the empty store
     * @param heapAfter        settled heap used with every session stored
     * @param statistics       the store's own statistics after the fill
     * @param deltas           per-class live-object changes, largest first (empty without histograms)
     * @param histogramDelta   change of the histogram's total bytes (0 without histograms)
     * @param topClasses       the first lines of the histogram after the fill (empty without histograms)
     */
    public record Report(
            Options options,
            long heapBefore,
            long heapAfter,
            StoreStatistics statistics,
            double insertSeconds,
            List<ClassDelta> deltas,
            long histogramDelta,
            List<String> topClasses) {

        public long heapDelta() {
            return heapAfter - heapBefore;
        }

        public double bytesPerSession() {
            return (double) heapDelta() / options.sessions();
        }

        /** Key chars (one byte each) plus payload bytes: the part a session cannot do without. */
        public long keyPlusPayloadPerSession() {
            return (long) options.keyLength() + options.payloadBytes();
        }

        public double overheadPerSession() {
            return bytesPerSession() - keyPlusPayloadPerSession();
        }

        public boolean hasHistogram() {
            return !deltas.isEmpty();
        }

        public double histogramBytesPerSession() {
            return (double) histogramDelta / options.sessions();
        }

        public double histogramOverheadPerSession() {
            return histogramBytesPerSession() - keyPlusPayloadPerSession();
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Arguments()).execute(args));
    }

    /** The command line: what to measure; a bad value is refused with picocli's usage message and exit code 2. */
    @Command(
            name = "MemoryFootprint",
            mixinStandardHelpOptions = true,
            showDefaultValues = true,
            sortOptions = false,
            description = "Fills the in-memory store with sessions and prints what each costs beyond its key and "
                    + "payload (run with -Xmx4g for the default 1M sessions).")
    static final class Arguments implements Callable<Integer> {
        @Option(names = "--sessions", converter = Count.class, defaultValue = "1000000", description = "sessions")
        int sessions;

        @Option(
                names = "--payload",
                converter = Count.class,
                paramLabel = "BYTES",
                defaultValue = "1024",
                description = "bytes of each session's data")
        int payloadBytes;

        @Option(
                names = "--key-length",
                paramLabel = "CHARS",
                defaultValue = "" + AspNetKeys.DEFAULT_LENGTH,
                description = "characters of each key")
        int keyLength;

        @Option(
                names = "--top",
                paramLabel = "LINES",
                defaultValue = "10",
                description = "lines of the class histogram to print")
        int top;

        @Option(names = "--no-histogram", negatable = false, description = "skip the class histograms")
        boolean noHistogram;

        @Spec
        CommandSpec spec;

        /** @throws ParameterException for values the options refuse together (a key too short to be unique) */
        Options options() {
            try {
                return new Options(sessions, payloadBytes, keyLength, !noHistogram, top);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }

        @Override
        public Integer call() {
            print(measure(options(), System.out), System.out);
            return 0;
        }
    }

    /** Runs the measurement, printing progress (null for silence). */
    public static Report measure(Options options, PrintStream progress) {
        PrintStream out = progress == null ? new PrintStream(java.io.OutputStream.nullOutputStream()) : progress;
        warnAboutExplicitGc(out);
        AspNetKeys keys = new AspNetKeys(options.keyLength());
        warmUp(keys, options.payloadBytes());

        MemorySessionStore<SessionEntry> store =
                new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        try {
            Map<String, long[]> before = options.histogram() ? parseHistogram(classHistogram()) : Map.of();
            long heapBefore = settledHeapUsed();

            out.printf(
                    Locale.ROOT,
                    "inserting %,d sessions (%d-char keys, %d-byte payloads)%n",
                    options.sessions(),
                    options.keyLength(),
                    options.payloadBytes());
            long start = System.nanoTime();
            int step = Math.max(1, options.sessions() / 10);
            for (int i = 0; i < options.sessions(); i++) {
                insert(store, keys.key(i), options.payloadBytes(), i);
                if ((i + 1) % step == 0 || i + 1 == options.sessions()) {
                    out.printf(
                            Locale.ROOT,
                            "  %,11d  %3d%%  %.1f s%n",
                            i + 1,
                            (int) ((i + 1) * 100L / options.sessions()),
                            (System.nanoTime() - start) / 1e9);
                }
            }
            double insertSeconds = (System.nanoTime() - start) / 1e9;

            long heapAfter = settledHeapUsed();
            StoreStatistics statistics = store.statistics();
            List<ClassDelta> deltas = List.of();
            long histogramDelta = 0;
            List<String> top = List.of();
            if (options.histogram()) {
                String text = classHistogram();
                Map<String, long[]> after = parseHistogram(text);
                deltas = diff(before, after);
                histogramDelta = total(after) - total(before);
                top = topLines(text, options.top());
            }
            Reference.reachabilityFence(store);
            return new Report(options, heapBefore, heapAfter, statistics, insertSeconds, deltas, histogramDelta, top);
        } finally {
            store.close();
        }
    }

    /** A StateServer Set without LockCookie, as the provider's first write of a session; fresh payload each. */
    private static void insert(MemorySessionStore<SessionEntry> store, String key, int payloadBytes, int i) {
        byte[] data = new byte[payloadBytes];
        data[0] = (byte) i;
        data[payloadBytes - 1] = (byte) (i >>> 8);
        StateResult result = store.execute(key, StateRequest.set(data, TIMEOUT_MINUTES, false, null))
                .toCompletableFuture()
                .join();
        if (result.shape() != StateResult.Shape.OK) {
            throw new IllegalStateException("set " + key + " answered " + result.shape());
        }
    }

    /** Exercises every code path once so class loading and lazy JDK state are not charged to the sessions. */
    private static void warmUp(AspNetKeys keys, int payloadBytes) {
        try (MemorySessionStore<SessionEntry> store =
                new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0))) {
            for (int i = 0; i < 2_000; i++) {
                insert(store, keys.key(-1 - i), payloadBytes, i);
            }
            store.statistics();
        }
        classHistogramSafely();
    }

    /** Heap used after full collections, repeated until two readings agree within {@link #STABLE_BYTES}. */
    static long settledHeapUsed() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long previous = -1;
        for (int round = 0; round < MAX_GC_ROUNDS; round++) {
            System.gc();
            long used = memory.getHeapMemoryUsage().getUsed();
            if (previous >= 0 && Math.abs(used - previous) <= STABLE_BYTES) {
                return Math.min(used, previous);
            }
            previous = used;
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return previous;
    }

    // --- class histogram through the DiagnosticCommand MBean (= jcmd <pid> GC.class_histogram) ---

    /** The live-object class histogram of this JVM; forces a full GC first, like jmap -histo:live. */
    static String classHistogram() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "gcClassHistogram",
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()});
        } catch (Exception e) {
            throw new IllegalStateException("GC.class_histogram is not available in this JVM: " + e, e);
        }
    }

    private static void classHistogramSafely() {
        try {
            classHistogram();
        } catch (IllegalStateException e) {
            // reported by the real call
        }
    }

    /** class name -> {instances, bytes}, plus the key "" for the total line. */
    static Map<String, long[]> parseHistogram(String text) {
        Map<String, long[]> classes = new HashMap<>();
        for (String line : text.split("\\R")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].endsWith(":") && isDigits(f[1]) && isDigits(f[2])) {
                // the same class name can appear once per class loader: add them up
                long[] counts = classes.computeIfAbsent(f[3], k -> new long[2]);
                counts[0] += Long.parseLong(f[1]);
                counts[1] += Long.parseLong(f[2]);
            } else if (f.length == 3 && f[0].equals("Total") && isDigits(f[1]) && isDigits(f[2])) {
                classes.put("", new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return classes;
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    private static long total(Map<String, long[]> histogram) {
        long[] total = histogram.get("");
        if (total != null) {
            return total[1];
        }
        return histogram.values().stream().mapToLong(c -> c[1]).sum();
    }

    static List<ClassDelta> diff(Map<String, long[]> before, Map<String, long[]> after) {
        Set<String> names = new HashSet<>(before.keySet());
        names.addAll(after.keySet());
        names.remove("");
        List<ClassDelta> deltas = new ArrayList<>();
        long[] none = new long[2];
        for (String name : names) {
            long[] b = before.getOrDefault(name, none);
            long[] a = after.getOrDefault(name, none);
            if (a[0] != b[0] || a[1] != b[1]) {
                deltas.add(new ClassDelta(name, a[0] - b[0], a[1] - b[1]));
            }
        }
        deltas.sort(Comparator.comparingLong(ClassDelta::bytes).reversed());
        return deltas;
    }

    private static List<String> topLines(String text, int top) {
        List<String> lines = new ArrayList<>();
        int classLines = 0;
        for (String line : text.split("\\R")) {
            boolean isClass = line.trim().matches("\\d+:.*");
            if (isClass && classLines++ >= top) {
                break;
            }
            lines.add(line);
        }
        return lines;
    }

    // --- report ---

    /** What each class the store allocates per session is. */
    private static final Map<String, String> ROLES = Map.of(
            "[B", "byte[]: key chars + payload (+ 2 array headers, padding)",
            "java.lang.String", "the key's String object",
            "aspstate.core.stateserver.SessionEntry", "SessionEntry record",
            "[I", "table: hash and expiry mark, paired per slot",
            "[Ljava.lang.Object;", "table: key and value, paired per slot",
            "[Ljava.lang.String;", "expiry bucket key arrays");

    public static void print(Report report, PrintStream out) {
        Options o = report.options();
        int n = o.sessions();
        out.println();
        out.println("== aspstate memory footprint ==");
        out.println(vmDescription());
        out.printf(
                Locale.ROOT,
                "sessions %,d x %d-byte payload, %d-char keys; inserted in %.1f s (%,.0f/s)%n",
                n,
                o.payloadBytes(),
                o.keyLength(),
                report.insertSeconds(),
                n / report.insertSeconds());
        out.printf(
                Locale.ROOT,
                "heap used after GC      : before %,d  after %,d bytes%n",
                report.heapBefore(),
                report.heapAfter());
        out.printf(
                Locale.ROOT,
                "total heap delta        : %,d bytes (%.1f MiB)%n",
                report.heapDelta(),
                report.heapDelta() / 1048576.0);
        out.printf(Locale.ROOT, "bytes per session       : %.1f%n", report.bytesPerSession());
        out.printf(
                Locale.ROOT,
                "key + payload / session : %d (%d + %d)%n",
                report.keyPlusPayloadPerSession(),
                o.keyLength(),
                o.payloadBytes());
        out.printf(
                Locale.ROOT,
                "OVERHEAD per session    : %.1f bytes beyond key + payload (heap delta)%n",
                report.overheadPerSession());
        StoreStatistics s = report.statistics();
        // The store charges its configured per-entry overhead estimate on top of key + payload (max-memory).
        int estimate = MemoryStoreSettings.DEFAULT_ENTRY_OVERHEAD_BYTES;
        long expectedStored = (long) n * (report.keyPlusPayloadPerSession() + estimate);
        out.printf(
                Locale.ROOT,
                "store statistics        : active %,d, storedBytes %,d (%.1f/session) %s%n",
                s.active(),
                s.storedBytes(),
                (double) s.storedBytes() / n,
                s.storedBytes() == expectedStored && s.active() == n
                        ? "= key + payload + " + estimate + " estimated overhead, OK"
                        : "MISMATCH");
        if (!report.hasHistogram()) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "histogram delta         : %,d bytes = %.1f/session, overhead %.1f bytes/session"
                        + " (exact object sizes)%n",
                report.histogramDelta(),
                report.histogramBytesPerSession(),
                report.histogramOverheadPerSession());
        out.println();
        out.println("live objects added per session (class histogram after - before):");
        out.printf(Locale.ROOT, "  %-48s %9s %9s %9s  %s%n", "class", "inst/sess", "B/sess", "B/inst", "what");
        double shown = 0;
        long otherBytes = 0;
        for (ClassDelta d : report.deltas()) {
            double perSession = (double) d.bytes() / n;
            if (Math.abs(perSession) < 0.05 && !ROLES.containsKey(d.className())) {
                otherBytes += d.bytes();
                continue;
            }
            shown += perSession;
            out.printf(
                    Locale.ROOT,
                    "  %-48s %9.3f %9.2f %9s  %s%n",
                    shorten(d.className()),
                    (double) d.instances() / n,
                    perSession,
                    d.instances() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", (double) d.bytes() / d.instances()),
                    ROLES.getOrDefault(d.className(), ""));
        }
        out.printf(Locale.ROOT, "  %-48s %9s %9.2f%n", "(other classes)", "", (double) otherBytes / n);
        out.printf(Locale.ROOT, "  %-48s %9s %9.2f%n", "sum", "", shown + (double) otherBytes / n);
        report.deltas().stream()
                .filter(d -> d.className().equals("[B"))
                .findFirst()
                .ifPresent(d -> out.printf(
                        Locale.ROOT,
                        "  of which byte[] headers + padding: %.2f B/session (byte[] %.2f - key %d"
                                + " - payload %d)%n",
                        (double) d.bytes() / n - report.keyPlusPayloadPerSession(),
                        (double) d.bytes() / n,
                        o.keyLength(),
                        o.payloadBytes()));
        out.println();
        out.println("top classes after the fill (GC.class_histogram, like jmap -histo:live "
                + ProcessHandle.current().pid() + "):");
        report.topClasses().forEach(out::println);
    }

    private static String shorten(String className) {
        return className.length() <= 48 ? className : "..." + className.substring(className.length() - 45);
    }

    static String vmDescription() {
        Runtime.Version version = Runtime.version();
        String gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(", "));
        return String.format(
                Locale.ROOT,
                "JVM %s %s; GC: %s; max heap %,d MiB; UseCompressedOops=%s"
                        + " UseCompressedClassPointers=%s ObjectAlignmentInBytes=%s",
                System.getProperty("java.vm.name"),
                version,
                gcs,
                Runtime.getRuntime().maxMemory() >> 20,
                vmOption("UseCompressedOops"),
                vmOption("UseCompressedClassPointers"),
                vmOption("ObjectAlignmentInBytes"));
    }

    private static String vmOption(String name) {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption(name)
                    .getValue();
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static void warnAboutExplicitGc(PrintStream out) {
        if ("true".equals(vmOption("DisableExplicitGC")) || "true".equals(vmOption("ExplicitGCInvokesConcurrent"))) {
            out.println("WARNING: System.gc() is disabled or concurrent in this JVM (-XX:+DisableExplicitGC or"
                    + " -XX:+ExplicitGCInvokesConcurrent); the heap delta is not trustworthy, use the histogram");
        }
    }
}
