package aspstate.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** Runs the JMH micro-benchmarks in this jar; arguments go to JMH unchanged (try: jmh -h). */
@Command(name = "jmh", description = "Run the JMH micro-benchmarks (arguments are passed to JMH; default: all).")
final class JmhCommand implements Callable<Integer> {
    /** Everything after "jmh" belongs to JMH, options included (e.g. -f 1 -wi 3 -i 5 'aspstate.bench.jmh.*'). */
    @Unmatched
    List<String> jmhArguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        org.openjdk.jmh.Main.main(jmhArguments.toArray(new String[0]));
        return 0;
    }
}
