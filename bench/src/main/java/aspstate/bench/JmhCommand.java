package aspstate.bench;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Runs the JMH micro-benchmarks in this jar; arguments go to JMH unchanged (try: jmh -h). */
@Command(name = "jmh", description = "Run the JMH micro-benchmarks (arguments are passed to JMH; default: all).")
final class JmhCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", description = "JMH arguments, e.g. -f 1 -wi 3 -i 5 'aspstate.bench.jmh.*'")
    List<String> jmhArguments = List.of();

    @Override
    public Integer call() throws Exception {
        org.openjdk.jmh.Main.main(jmhArguments.toArray(new String[0]));
        return 0;
    }
}
