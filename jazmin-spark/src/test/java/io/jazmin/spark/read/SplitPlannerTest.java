package io.jazmin.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.spark.fs.ListedFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spark's split and packing rule (design note §3), without a Spark session. */
class SplitPlannerTest {
    private static List<List<String>> plan(SplitPlanner.Settings settings, long... sizes) {
        List<ListedFile> files = new java.util.ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            files.add(file("f" + i, sizes[i]));
        }
        return SplitPlanner.plan(files, settings).stream()
                .map(p -> p.ranges().stream().map(r -> r.path() + "[" + r.start() + "," + r.end() + ")").toList()).toList();
    }

    private static ListedFile file(String path, long length) {
        return new ListedFile(path, length, 0, null, List.of());
    }

    @Test
    void largeFilesAreCutAndRangesPackedLargestFirst() {
        // total = 260 + 40 + 15 = 315, per core 157, so ranges of min(100, max(10, 157)) = 100 bytes.
        assertThat(plan(new SplitPlanner.Settings(100, 10, 2, 0), 250, 30, 5)).containsExactly(
                List.of("f0[0,100)"), List.of("f0[100,200)"), List.of("f0[200,250)", "f1[0,30)"), List.of("f2[0,5)"));
    }

    @Test
    void smallFilesShareAPartitionUpToTheSplitSize() {
        // total 3 × (10 + 4) = 42 over 2 cores: 21 per core > openCost 4, below maxPartitionBytes.
        assertThat(plan(new SplitPlanner.Settings(1000, 4, 2, 0), 10, 10, 10))
                .containsExactly(List.of("f0[0,10)"), List.of("f1[0,10)"), List.of("f2[0,10)"));
        assertThat(plan(new SplitPlanner.Settings(1000, 1, 1, 0), 10, 10, 10))
                .containsExactly(List.of("f0[0,10)", "f1[0,10)", "f2[0,10)"));
    }

    @Test
    void aPartitionCapRepacksTheSameRangesIntoFewerPartitions() {
        assertThat(plan(new SplitPlanner.Settings(100, 10, 2, 2), 250, 30, 5)).containsExactly(
                List.of("f0[0,100)"), List.of("f0[100,200)"), List.of("f0[200,250)", "f1[0,30)", "f2[0,5)"));
    }

    @Test
    void eachChunkOffsetBelongsToOneRangeAndTheLastRangeTakesAppendedChunks() {
        FileRange first = new FileRange(file("f", 250), 0, 100);
        FileRange last = new FileRange(file("f", 250), 200, 250);
        assertThat(first.holds(0)).isTrue();
        assertThat(first.holds(99)).isTrue();
        assertThat(first.holds(100)).isFalse();
        assertThat(last.holds(199)).isFalse();
        assertThat(last.holds(249)).isTrue();
        assertThat(last.holds(400)).isTrue();
    }
}
