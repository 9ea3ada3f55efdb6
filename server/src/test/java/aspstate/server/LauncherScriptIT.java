package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/aspstate, the launcher the service runs, against the built jar. */
class LauncherScriptIT {
    private static final Path SCRIPT = Path.of("..", "bin", "aspstate");
    private static final String JAR = System.getProperty("aspstate.jar");
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    @Test
    void runsTheJarAndPassesItsExitCode() throws Exception {
        BoundedProcess.Result result = run(Map.of(), "--version");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).containsExactly("aspstate " + System.getProperty("aspstate.expectedVersion"));
    }

    @Test
    void aHeapFromTheEnvironmentIsFixedAndTouchedAtStart() throws Exception {
        List<String> command = dryRun(Map.of("ASPSTATE_HEAP", "2g"), "serve", "--max-memory", "1g");

        assertThat(command)
                .containsSubsequence(
                        "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-jar", JAR, "serve", "--max-memory", "1g");
        assertThat(command).filteredOn(arg -> arg.startsWith("-Xmx")).containsExactly("-Xmx2g");
    }

    @Test
    void withoutAHeapMaxMemoryOnTheCommandLineSizesIt() throws Exception {
        List<String> command = dryRun(Map.of(), "serve", "--max-memory", "1g");

        assertThat(command).contains("-Xmx1792m").doesNotContain("-XX:+AlwaysPreTouch");
    }

    @Test
    void withoutAHeapMaxMemoryInTheConfigFileSizesItUnlessTheCommandLineGivesOne() throws Exception {
        Path config =
                Files.writeString(dir.resolve("aspstate.conf"), "# 2 GiB\nmax-memory = 2GiB\n", StandardCharsets.UTF_8);

        assertThat(dryRun(Map.of(), "serve", "--config=" + config)).contains("-Xmx3328m");
        assertThat(dryRun(Map.of(), "serve", "--config", config.toString(), "--max-memory=512m"))
                .contains("-Xmx1024m");
    }

    @Test
    void withMaxMemoryAutoTheHeapIsTheJvmsDefault() throws Exception {
        List<String> command = dryRun(Map.of(), "serve", "--config", "../dist/aspstate.conf");

        assertThat(command).noneMatch(arg -> arg.startsWith("-Xm"));
    }

    @Test
    void extraFlagsComeAfterTheScriptsOwnAndOtherCommandsGetOnlyThem() throws Exception {
        Map<String, String> env = Map.of("ASPSTATE_HEAP", "2g", "ASPSTATE_JAVA_OPTS", "-Xmx3g -Dx=1");

        assertThat(dryRun(env, "serve")).containsSubsequence("-Xmx2g", "-Xmx3g", "-Dx=1", "-jar");
        assertThat(dryRun(env, "hash-password")).endsWith("-Xmx3g", "-Dx=1", "-jar", JAR, "hash-password");
    }

    @Test
    void nettysLeakDetectorSamplesRarelyUnlessTheOperatorSaysOtherwise() throws Exception {
        String rarely = "-Dio.netty.leakDetection.samplingInterval=4096";
        String theirs = "-Dio.netty.leakDetection.samplingInterval=1";

        assertThat(dryRun(Map.of(), "serve")).contains(rarely);
        assertThat(dryRun(Map.of("ASPSTATE_JAVA_OPTS", theirs), "serve")).containsSubsequence(rarely, theirs, "-jar");
        assertThat(dryRun(Map.of(), "--version")).doesNotContain(rarely);
    }

    @Test
    void serveRunsOnShenandoahWhereTheJvmHasIt() throws Exception {
        assumeShenandoah();

        Map<String, String> thisJava = Map.of("JAVA_HOME", System.getProperty("java.home"));
        assertThat(dryRun(thisJava, "serve")).startsWith("-XX:+UseShenandoahGC").noneMatch(arg -> arg.contains("G1"));
        assertThat(dryRun(thisJava, "--version")).doesNotContain("-XX:+UseShenandoahGC");
    }

    /** The launcher's flags start a real server, which answers and stops on SIGTERM (the script execs the JVM). */
    @Test
    void aServerStartedByTheLauncherRunsOnItsCollectorServesAndStops() throws Exception {
        assumeShenandoah();
        Map<String, String> env = new HashMap<>(Map.of(
                "ASPSTATE_JAR",
                JAR,
                "JAVA_HOME",
                System.getProperty("java.home"),
                "ASPSTATE_HEAP",
                "256m",
                "ASPSTATE_JAVA_OPTS",
                "-Xlog:gc:stderr"));
        env.put("ASPSTATE_DUMP_DIR", "");
        env.put("ASPSTATE_DRY_RUN", "");
        try (JarProcess server = JarProcess.launch(
                List.of(
                        SCRIPT.toString(),
                        "serve",
                        "--stateserver-port",
                        "0",
                        "--tds-port",
                        "off",
                        "--admin-port",
                        "off"),
                env)) {
            Matcher ready = Pattern.compile(" ready: stateserver on 127\\.0\\.0\\.1:(\\d+), ")
                    .matcher(server.awaitStdoutLine(ServeNode.START_SECONDS));
            assertThat(ready.find()).as("startup line").isTrue();
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", Integer.parseInt(ready.group(1)));
            try (StateServerConnection client = StateServerConnection.connect(address)) {
                assertThat(client.set("k", new byte[] {7}, 20, null)
                                .get(10, TimeUnit.SECONDS)
                                .status())
                        .isEqualTo(200);
                assertThat(client.get("k").get(10, TimeUnit.SECONDS).data()).containsExactly(7);
            }
            server.terminate();
            assertThat(server.awaitExit()).isZero();
            assertThat(server.stderrLines()).anyMatch(line -> line.contains("Using Shenandoah"));
        }
    }

    private static void assumeShenandoah() throws Exception {
        Assumptions.assumeTrue(
                BoundedProcess.run(List.of(JAVA, "-XX:+UseShenandoahGC", "-version"), Map.of(), "", LIMIT)
                                .exitCode()
                        == 0,
                "this JVM has no Shenandoah");
    }

    @Test
    void serveRunsOnTunedG1WhereTheJvmHasNoShenandoah() throws Exception {
        List<String> command =
                dryRun(Map.of("JAVA_HOME", javaWithoutShenandoah().toString()), "serve");

        assertThat(command)
                .startsWith(
                        "-XX:+UseG1GC",
                        "-XX:MaxGCPauseMillis=10",
                        "-XX:+UnlockExperimentalVMOptions",
                        "-XX:G1NewSizePercent=1",
                        "-XX:G1MaxNewSizePercent=5")
                .doesNotContain("-XX:+UseShenandoahGC");
    }

    /** G1's own flags in ASPSTATE_JAVA_OPTS (set for the launcher's G1 before it preferred Shenandoah) keep G1. */
    @Test
    void g1FlagsInTheExtraFlagsKeepTheScriptsG1() throws Exception {
        List<String> command = dryRun(
                Map.of("JAVA_HOME", System.getProperty("java.home"), "ASPSTATE_JAVA_OPTS", "-XX:G1HeapRegionSize=4m"),
                "serve");

        assertThat(command)
                .containsSubsequence("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=10", "-XX:G1HeapRegionSize=4m")
                .doesNotContain("-XX:+UseShenandoahGC");
    }

    /** The JVM refuses two collectors: one chosen in ASPSTATE_JAVA_OPTS must replace the script's G1. */
    @Test
    void aCollectorChosenInTheExtraFlagsReplacesTheScriptsOwn() throws Exception {
        List<String> command = dryRun(Map.of("ASPSTATE_HEAP", "2g", "ASPSTATE_JAVA_OPTS", "-XX:+UseZGC"), "serve");

        assertThat(command)
                .contains("-XX:+UseZGC", "-Xmx2g")
                .noneMatch(arg -> arg.contains("G1"))
                .doesNotContain("-XX:MaxGCPauseMillis=10", "-XX:+UseShenandoahGC");
    }

    /**
     * An -XX:+Use... flag followed later by a flag with "GC" in it (-XX:+PrintGC, -XX:+UseGCOverheadLimit) is not a
     * collector, and the script keeps its G1 settings.
     */
    @Test
    void flagsThatAreNotACollectorKeepTheScriptsG1Settings() throws Exception {
        List<String> command = dryRun(
                Map.of(
                        "ASPSTATE_HEAP",
                        "2g",
                        "JAVA_HOME",
                        javaWithoutShenandoah().toString(),
                        "ASPSTATE_JAVA_OPTS",
                        "-XX:+UseStringDeduplication -XX:+UseGCOverheadLimit -XX:+PrintGC"),
                "serve");

        assertThat(command)
                .contains("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=10", "-XX:+UseStringDeduplication", "-XX:+PrintGC");
    }

    /**
     * A JAVA_HOME whose java refuses -XX:+UseShenandoahGC as a JVM built without it does (Oracle's builds) and
     * otherwise runs the java running this test.
     */
    private Path javaWithoutShenandoah() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("jdk-without-shenandoah/bin"));
        Path java = bin.resolve("java");
        Files.writeString(
                java,
                "#!/bin/sh\n"
                        + "for arg in \"$@\"; do\n"
                        + "  if [ \"$arg\" = -XX:+UseShenandoahGC ]; then\n"
                        + "    echo \"Unrecognized VM option 'UseShenandoahGC'\" >&2; exit 1\n"
                        + "  fi\n"
                        + "done\n"
                        + "exec '" + JAVA + "' \"$@\"\n",
                StandardCharsets.UTF_8);
        java.toFile().setExecutable(true);
        return bin.getParent();
    }

    /** The java command line the script would run, without its first element (java itself). */
    private List<String> dryRun(Map<String, String> env, String... args) throws Exception {
        Map<String, String> dryRunEnv = new HashMap<>(env);
        dryRunEnv.put("ASPSTATE_DRY_RUN", "1");
        BoundedProcess.Result result = run(dryRunEnv, args);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        return result.stdout().subList(1, result.stdout().size());
    }

    /** The script with the built jar; variables this test does not set are empty, which the script reads as unset. */
    private static BoundedProcess.Result run(Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Map<String, String> all = new HashMap<>();
        for (String name : List.of("ASPSTATE_HEAP", "ASPSTATE_DUMP_DIR", "ASPSTATE_JAVA_OPTS", "ASPSTATE_DRY_RUN")) {
            all.put(name, "");
        }
        all.putAll(env);
        all.put("ASPSTATE_JAR", JAR);
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
        command.addAll(List.of(args));
        return BoundedProcess.run(command, all, "", LIMIT);
    }
}
