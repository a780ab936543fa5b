package io.jazmin.spark.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A summary entry describes only the file version it was made for: an object store keeps
 * modification times to the second, so an object replaced within that second by one of the same
 * length is told apart by its ETag.
 */
class SummaryEntryTest {
    private static final long LENGTH = 1_220_552;
    private static final long MODIFIED = 1_796_625_877_000L;

    @Test
    void anEntryDescribesOnlyTheVersionOfItsLengthModificationTimeAndEtag() {
        SummaryEntry s3 = new SummaryEntry("part-00000.jzm", LENGTH, MODIFIED, "\"etag-1\"", 10, Map.of());

        assertThat(s3.describes(LENGTH, MODIFIED, "\"etag-1\"")).isTrue();
        assertThat(s3.describes(LENGTH, MODIFIED, "\"etag-2\"")).as("replaced within the same second").isFalse();
        assertThat(s3.describes(LENGTH, MODIFIED, null)).as("listed without an ETag").isFalse();
        assertThat(s3.describes(LENGTH + 1, MODIFIED, "\"etag-1\"")).isFalse();
        assertThat(s3.describes(LENGTH, MODIFIED + 1, "\"etag-1\"")).isFalse();
    }

    @Test
    void anEntryWithoutAnEtagDescribesAFileListedWithoutOne() {
        SummaryEntry hdfs = new SummaryEntry("part-00000.jzm", LENGTH, MODIFIED, null, 10, Map.of());

        assertThat(hdfs.describes(LENGTH, MODIFIED, null)).isTrue();
        assertThat(hdfs.describes(LENGTH, MODIFIED, "\"etag-1\"")).isFalse();
    }
}
