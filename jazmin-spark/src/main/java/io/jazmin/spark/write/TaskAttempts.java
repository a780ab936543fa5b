package io.jazmin.spark.write;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.spark.internal.io.SparkHadoopWriterUtils;

/** The Hadoop task attempt of one write task, made as Spark's file sources make theirs. */
final class TaskAttempts {
    private TaskAttempts() {
    }

    /**
     * @param conf         the job's Hadoop configuration (copied; the attempt's ids are set on the copy)
     * @param jobTrackerId the write's job tracker id
     * @param partition    the task's partition, which names its file
     * @param attempt      Spark's task attempt id, unique within the application
     */
    static TaskAttemptContext context(Configuration conf, String jobTrackerId, int partition, long attempt) {
        JobID jobId = SparkHadoopWriterUtils.createJobID(jobTrackerId, 0);
        TaskID taskId = new TaskID(jobId, TaskType.MAP, partition);
        TaskAttemptID attemptId = new TaskAttemptID(taskId, (int) (attempt & Integer.MAX_VALUE));
        Configuration c = new Configuration(conf);
        c.set("mapreduce.job.id", jobId.toString());
        c.set("mapreduce.task.id", taskId.toString());
        c.set("mapreduce.task.attempt.id", attemptId.toString());
        c.setBoolean("mapreduce.task.ismap", true);
        c.setInt("mapreduce.task.partition", 0);
        return new TaskAttemptContextImpl(c, attemptId);
    }
}
