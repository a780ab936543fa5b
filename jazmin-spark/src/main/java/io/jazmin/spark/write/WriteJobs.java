package io.jazmin.spark.write;

import java.util.UUID;
import org.apache.spark.JobExecutionStatus;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.SparkStatusTracker;

/**
 * The Spark jobs of one write, so that its abort can wait for their tasks to end. Spark fails a job
 * as soon as one task fails, and runs the write's abort while the job's other tasks may still be
 * writing or committing their files under the commit protocol's {@code _temporary} folder: a file
 * landing there after the abort's cleanup would stay (seen against S3). The jobs are found by a
 * job tag set when the write starts on the driver's thread, which runs them (Spark's own writes and
 * {@code JazminSaveJob}), and removed when the write ends; their tasks by Spark's status tracker.
 */
final class WriteJobs {
    /** How long an abort waits for the tasks: killed ones end at their next row or file, a task's commit within seconds. */
    static final long WAIT_MILLIS = 60_000;
    /** How long an abort waits for a job it may have run to show in the status tracker, which listener events update. */
    private static final long APPEAR_MILLIS = 5_000;
    /**
     * How long the jobs must show ended before the abort goes on: a task that started just before the
     * job failed shows in the tracker only once the listener bus has passed its start on.
     */
    private static final long SETTLE_MILLIS = 500;
    private final SparkContext spark;
    private final String tag;

    private WriteJobs(SparkContext spark, String tag) {
        this.spark = spark;
        this.tag = tag;
    }

    /** Tags the jobs the calling thread runs from now on. */
    static WriteJobs start(SparkContext spark) {
        WriteJobs jobs = new WriteJobs(spark, "jazmin-write-" + UUID.randomUUID());
        spark.addJobTag(jobs.tag);
        return jobs;
    }

    /** Stops tagging the calling thread's jobs. */
    void end() {
        spark.removeJobTag(tag);
    }

    /**
     * Waits until every job of the write has ended and none of their tasks runs any more, or
     * {@code limitMillis} passed.
     *
     * @return whether they all ended
     */
    boolean awaitTasks(long limitMillis) {
        long start = System.nanoTime();
        long endedSince = -1;
        SparkStatusTracker status = spark.statusTracker();
        while (true) {
            long waited = (System.nanoTime() - start) / 1_000_000;
            int[] ids = status.getJobIdsForTag(tag);
            if (ids.length == 0 && waited >= Math.min(APPEAR_MILLIS, limitMillis)) {
                return false;
            }
            boolean ended = ids.length > 0 && allEnded(status, ids);
            endedSince = !ended ? -1 : endedSince < 0 ? waited : endedSince;
            if (ended && waited - endedSince >= Math.min(SETTLE_MILLIS, limitMillis)) {
                return true;
            }
            if (waited >= limitMillis) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private static boolean allEnded(SparkStatusTracker status, int[] ids) {
        for (int id : ids) {
            scala.Option<SparkJobInfo> job = status.getJobInfo(id);
            if (job.isEmpty() || job.get().status() == JobExecutionStatus.RUNNING
                    || job.get().status() == JobExecutionStatus.UNKNOWN) {
                return false;
            }
            for (int stage : job.get().stageIds()) {
                scala.Option<SparkStageInfo> info = status.getStageInfo(stage);
                if (info.isDefined() && info.get().numActiveTasks() > 0) {
                    return false;
                }
            }
        }
        return true;
    }
}
