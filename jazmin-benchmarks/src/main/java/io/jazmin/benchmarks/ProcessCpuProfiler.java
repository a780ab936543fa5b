package io.jazmin.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler ({@code -prof io.jazmin.benchmarks.ProcessCpuProfiler}) giving the CPU time the
 * whole benchmark process spent per operation in each iteration: every thread, so a writer's workers
 * and the garbage collector count as well as the caller's thread (and, after warm-up, little of the
 * compiler's). {@code cpu.time.per.op} in ms/op, {@code cpu.cores} the CPU time over the wall time.
 */
public final class ProcessCpuProfiler implements InternalProfiler {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "CPU time of the whole process per operation (every thread)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        wallStart = System.nanoTime();
        cpuStart = os.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long cpu = os.getProcessCpuTime() - cpuStart;
        long wall = System.nanoTime() - wallStart;
        long ops = result.getMetadata().getAllOps();
        double perOp = ops == 0 || cpu < 0 ? Double.NaN : cpu / 1e6 / ops;
        return List.of(new ScalarResult("cpu.time.per.op", perOp, "ms/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.cores", wall == 0 ? Double.NaN : (double) cpu / wall, "cores", AggregationPolicy.AVG));
    }
}
