package io.jazmin.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.wire.DiskIdentity;
import io.jazmin.schema.ColumnType;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The process-wide cache's bookkeeping: its byte budget, least recently used out first, its key. */
class SharedChunkCacheTest {
    private static final SharedChunkCache.FileVersionKey FILE = SharedChunkCache.FileVersionKey.of(
            new DiskIdentity(Path.of("/data/a.jzm"), "inode-1", 1_000, 5), new byte[16], 900);

    private static SharedChunkCache.ColumnKey key(SharedChunkCache.FileVersionKey file, long offset) {
        return new SharedChunkCache.ColumnKey(file, "t/0/c/0/*", offset, 100, 0, "id", ColumnType.INT);
    }

    private static ColumnVector longs(int n) {
        return ColumnVector.ofLongs(ColumnType.INT, n, new long[n], null);
    }

    @Test
    void keepsColumnsWithinTheBudgetDroppingTheLeastRecentlyUsed() {
        SharedChunkCache cache = new SharedChunkCache();
        cache.reserve(1_000);
        cache.put(key(FILE, 1), longs(1), 400);
        cache.put(key(FILE, 2), longs(1), 400);
        assertThat(cache.get(key(FILE, 1))).isNotNull(); // 1 is now the most recently used
        cache.put(key(FILE, 3), longs(1), 400);

        assertThat(cache.get(key(FILE, 2))).isNull();
        assertThat(cache.get(key(FILE, 1))).isNotNull();
        assertThat(cache.get(key(FILE, 3))).isNotNull();
        SharedChunkCache.Stats s = cache.stats();
        assertThat(s.bytes()).isEqualTo(800).isLessThanOrEqualTo(s.budget());
        assertThat(s.evictions()).isEqualTo(1);
        assertThat(s.hits()).isEqualTo(3);
        assertThat(s.misses()).isEqualTo(1);

        cache.put(key(FILE, 4), longs(1), 1_001); // larger than the whole budget: not kept, nothing dropped
        assertThat(cache.get(key(FILE, 4))).isNull();
        assertThat(cache.stats().entries()).isEqualTo(2);
    }

    @Test
    void theBudgetIsTheLargestAskedAndNothingIsKeptBeforeOneIsAsked() {
        SharedChunkCache cache = new SharedChunkCache();
        cache.put(key(FILE, 1), longs(1), 1);
        assertThat(cache.get(key(FILE, 1))).isNull();
        cache.reserve(2_000);
        cache.reserve(500);
        assertThat(cache.stats().budget()).isEqualTo(2_000);
    }

    @Test
    void versionsAndFilesOnDiskAreDifferentKeys() {
        SharedChunkCache cache = new SharedChunkCache();
        cache.reserve(10_000);
        cache.put(key(FILE, 1), longs(1), 10);
        var appended = SharedChunkCache.FileVersionKey.of(new DiskIdentity(Path.of("/data/a.jzm"), "inode-1", 1_500, 6),
                new byte[16], 1_400);
        var otherInode = SharedChunkCache.FileVersionKey.of(new DiskIdentity(Path.of("/data/a.jzm"), "inode-2", 1_000, 5),
                new byte[16], 900);
        byte[] id = new byte[16];
        id[15] = 1;
        var otherId = SharedChunkCache.FileVersionKey.of(new DiskIdentity(Path.of("/data/a.jzm"), "inode-1", 1_000, 5),
                id, 900);

        assertThat(cache.get(key(appended, 1))).isNull();
        assertThat(cache.get(key(otherInode, 1))).isNull();
        assertThat(cache.get(key(otherId, 1))).isNull();
        assertThat(cache.get(key(FILE, 1))).isNotNull();
    }

    @Test
    void aDecodedSectionIsLoadedOnceAndKeptUnderItsOwnKey() {
        SharedChunkCache cache = new SharedChunkCache();
        cache.reserve(10_000);
        int[] loads = new int[1];
        java.util.function.Supplier<String> load = () -> "decoded " + ++loads[0];

        String first = cache.section(FILE, "t/0/d/*/0", 64, 30, "directory", load, v -> 100);
        String again = cache.section(FILE, "t/0/d/*/0", 64, 30, "directory", load, v -> 100);
        String otherPart = cache.section(FILE, "t/0/d/*/0", 64, 30, "statistics 0 of id int", load, v -> 100);

        assertThat(first).isEqualTo("decoded 1").isSameAs(again);
        assertThat(otherPart).isEqualTo("decoded 2");
        assertThat(cache.stats().bytes()).isEqualTo(200);
    }

    @Test
    void aVectorsHeapEstimateCountsItsArraysAndEachDistinctValueOnce() {
        ColumnVector ints = longs(1_000);
        assertThat(ints.heapBytes()).isGreaterThanOrEqualTo(8_000);
        String shared = "a rather long dictionary entry";
        Object[] repeated = new Object[1_000];
        java.util.Arrays.fill(repeated, shared);
        long once = ColumnVector.ofObjects(ColumnType.STRING, 1_000, repeated).heapBytes();
        assertThat(once).isBetween(4_000L + 2L * shared.length(), 4_200L + 2L * shared.length());
    }

    @Test
    void onlyTablesThatCouldStayWholeFillTheCache() {
        SharedChunkCache cache = new SharedChunkCache();
        assertThat(cache.keepsWhole(1)).as("no budget yet").isFalse();
        cache.reserve(4_000);
        assertThat(cache.keepsWhole(1_000)).isTrue();
        assertThat(cache.keepsWhole(1_001)).as("decoded, it would not fit: a scan of it would flush the cache").isFalse();
    }
}
