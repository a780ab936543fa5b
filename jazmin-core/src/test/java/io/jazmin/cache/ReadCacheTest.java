package io.jazmin.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.Explain;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.ReadCache;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.key.JazminKey;
import io.jazmin.options.Priority;
import io.jazmin.options.ReadLimits;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process-wide cache of decoded chunk columns ({@link ReadCache}): a fresh open hits what an
 * earlier reader decoded, and it never serves another file's or version's values, nor deleted rows,
 * nor anything of an encrypted file.
 */
class ReadCacheTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("score", ColumnType.FLOAT), Column.of("blob", ColumnType.BINARY));
    private static final WriteOptions SMALL_CHUNKS = WriteOptions.defaults().withChunkRows(100);

    @TempDir
    Path dir;

    @BeforeEach
    void emptyCache() {
        ReadCache.clear();
    }

    @Test
    void aSecondOpenFindsTheDecodedColumnsAndDecodesNothing() {
        Path file = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        Filter filter = Filter.eq("id", 150L);

        Explain first = analyze(file, ReadOptions.defaults(), filter);
        ReadCache.Stats before = ReadCache.stats();
        Explain second = analyze(file, ReadOptions.defaults(), filter);
        ReadCache.Stats after = ReadCache.stats();

        assertThat(first.columnsDecoded()).isGreaterThan(0);
        assertThat(second.columnsDecoded()).as("every cacheable column came from the cache").isEqualTo(1);
        assertThat(second.chunksRead()).isEqualTo(first.chunksRead());
        // the header, the table's columns and chunk layout, id's statistics, then id, name and score
        // (binary is never kept); the directory segment is not even looked up, the layout holds its chunks
        assertThat(after.hits() - before.hits()).isEqualTo(7);
        assertThat(after.misses()).isEqualTo(before.misses());
        assertThat(second.bytesRead()).as("no directory, statistics or chunk section read again")
                .isLessThan(first.bytesRead());
        assertThat(find(file, ReadOptions.defaults(), 150)).isEqualTo(expected("v1", 150));
    }

    @Test
    void aSortedIndexDirectoryIsReadOncePerVersionOfAPlainFileAndAtEveryOpenOfAKeyedOne() {
        WriteOptions indexed = SMALL_CHUNKS.withIndex("id", IndexKind.SORTED);
        JazminKey key = JazminKey.generate();
        Path plain = write(dir.resolve("a.jzm"), "v1", 300, indexed);
        Path keyed = write(dir.resolve("k.jzm"), "v1", 300, indexed.withKey(key));
        ReadOptions withKey = ReadOptions.defaults().withKey(key);
        Filter filter = Filter.eq("id", 150L);

        Explain first = analyze(plain, ReadOptions.defaults(), filter);
        Explain second = analyze(plain, ReadOptions.defaults(), filter);
        Explain optedOut = analyze(plain, ReadOptions.defaults().withSharedCache(false), filter);
        Explain keyedFirst = analyze(keyed, withKey, filter);
        Explain keyedSecond = analyze(keyed, withKey, filter);

        assertThat(first.strategy()).as("one page of 300 ids is cheaper than a chunk").isEqualTo("index");
        assertThat(first.indexPagesRead()).as("the directory and one page").isEqualTo(2);
        assertThat(second.indexPagesRead()).as("the directory came from the cache").isEqualTo(1);
        assertThat(second.strategy()).isEqualTo(first.strategy());
        assertThat(second.candidateRows()).isEqualTo(first.candidateRows()).isEqualTo(1);
        assertThat(optedOut.indexPagesRead()).isEqualTo(2);
        assertThat(keyedFirst.indexPagesRead()).isEqualTo(2);
        assertThat(keyedSecond.indexPagesRead()).as("nothing of an encrypted file is kept").isEqualTo(2);
        assertThat(find(plain, ReadOptions.defaults(), 150)).isEqualTo(expected("v1", 150));
        assertThat(find(keyed, withKey, 150)).isEqualTo(expected("v1", 150));
    }

    @Test
    void aRewriteOfTheSamePathNeverServesTheOldVersion() {
        Path file = dir.resolve("a.jzm");
        write(file, "v1", 300, SMALL_CHUNKS);
        assertThat(readAll(file, ReadOptions.defaults())).hasSize(300);
        write(file, "v2", 300, SMALL_CHUNKS); // same shape and size, new file moved in place

        assertThat(readAll(file, ReadOptions.defaults())).containsExactlyElementsOf(expectedAll("v2", 300));
    }

    @Test
    void aCraftedFileWithAnotherFilesIdIsStillAnotherFile() throws Exception {
        Path a = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        Path b = write(dir.resolve("b.jzm"), "v2", 300, SMALL_CHUNKS);
        byte[] bytes = Files.readAllBytes(b);
        System.arraycopy(Files.readAllBytes(a), 8, bytes, 8, 16); // b now claims a's file_id
        Files.write(b, bytes);
        assertThat(readAll(a, ReadOptions.defaults())).hasSize(300);

        assertThat(readAll(b, ReadOptions.defaults())).containsExactlyElementsOf(expectedAll("v2", 300));
    }

    @Test
    void aFileOverwrittenInPlaceWithTheSameSizeIsReadAnew() throws Exception {
        // Stored uncompressed, the two versions have the same size (tags of the same length).
        WriteOptions stored = SMALL_CHUNKS.withCodec(Codec.NONE);
        Path file = write(dir.resolve("a.jzm"), "v1", 300, stored.withMetadata("{\"tag\":\"v1\"}"));
        Path other = write(dir.resolve("b.jzm"), "v2", 300, stored.withMetadata("{\"tag\":\"v2\"}"));
        assertThat(Files.size(other)).isEqualTo(Files.size(file));
        assertThat(metadata(file)).isEqualTo("{\"tag\":\"v1\"}");
        assertThat(readAll(file, ReadOptions.defaults())).hasSize(300);
        Object inode = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        FileTime written = Files.getLastModifiedTime(file);

        // The same file on disk, the same size: only its time tells (set apart from the first, as a
        // coarse file system clock could give both writes the same time).
        Files.write(file, Files.readAllBytes(other));
        Files.setLastModifiedTime(file, FileTime.fromMillis(written.toMillis() + 2_000));

        assertThat(Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey())
                .isEqualTo(inode);
        assertThat(metadata(file)).as("the header kept for the old bytes is not served").isEqualTo("{\"tag\":\"v2\"}");
        assertThat(readAll(file, ReadOptions.defaults())).containsExactlyElementsOf(expectedAll("v2", 300));
    }

    @Test
    void aKeptHeaderIsCheckedAgainstEachReadersLimits() {
        Path file = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        assertThat(find(file, ReadOptions.defaults(), 7)).isEqualTo(expected("v1", 7));
        long hits = ReadCache.stats().hits();

        ReadOptions fewColumns = ReadOptions.defaults().withLimits(ReadLimits.defaults().withMaxColumns(3));
        ReadOptions shortSections = ReadOptions.defaults().withLimits(ReadLimits.defaults().withMaxSectionLength(16));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> find(file, fewColumns, 7))
                .isInstanceOf(io.jazmin.error.JazminFormatException.class).hasMessageContaining("ReadLimits.maxColumns");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> find(file, shortSections, 7))
                .isInstanceOf(io.jazmin.error.JazminFormatException.class)
                .hasMessageContaining("ReadLimits.maxSectionLength");
        assertThat(ReadCache.stats().hits()).as("both refused the kept header").isEqualTo(hits + 2);
        assertThat(find(file, ReadOptions.defaults(), 7)).isEqualTo(expected("v1", 7));
    }

    @Test
    void aKeyFilesKeptLayoutIsLookedUpOnlyOnceTheSecretOpenedTheHeader() {
        JazminKey key = JazminKey.generate();
        Path keyed = write(dir.resolve("k.jzm"), "v1", 300, SMALL_CHUNKS.withKey(key));
        ReadOptions withKey = ReadOptions.defaults().withKey(key).withCacheDecryptedChunks(true);
        assertThat(find(keyed, withKey, 150)).isEqualTo(expected("v1", 150));
        ReadCache.Stats kept = ReadCache.stats();

        ReadOptions wrong = ReadOptions.defaults().withKey(JazminKey.generate()).withCacheDecryptedChunks(true);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> find(keyed, wrong, 150))
                .isInstanceOf(io.jazmin.error.JazminKeyException.class);
        assertThat(ReadCache.stats().hits() + ReadCache.stats().misses())
                .as("nothing of the file looked up for a secret that does not open it")
                .isEqualTo(kept.hits() + kept.misses());

        Explain again = analyze(keyed, withKey, Filter.eq("id", 150L));
        assertThat(again.columnsDecoded()).as("the right key is served what it kept").isEqualTo(1);
        assertThat(ReadCache.stats().misses()).isEqualTo(kept.misses());
    }

    @Test
    void anAppendIsSeenWithTheRowsBeforeIt() {
        Path file = write(dir.resolve("a.jzm"), "v1", 250, SMALL_CHUNKS);
        assertThat(readAll(file, ReadOptions.defaults())).hasSize(250);
        List<Map<String, ?>> added = new ArrayList<>();
        for (int i = 250; i < 320; i++) {
            added.add(Map.of("id", (long) i, "name", "v1-" + i, "score", i / 4.0, "blob", new byte[] {(byte) i}));
        }
        JazminFile.append(file, added.iterator(), SMALL_CHUNKS);

        long hits = ReadCache.stats().hits();
        assertThat(readAll(file, ReadOptions.defaults())).containsExactlyElementsOf(expectedAll("v1", 320));
        assertThat(ReadCache.stats().hits()).as("the new version has a key of its own").isEqualTo(hits);
    }

    @Test
    void aDeleteHidesTheDeletedRowsEvenWhenTheirChunkIsKept() {
        Path file = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        assertThat(find(file, ReadOptions.defaults(), 42)).isNotNull();
        JazminFile.delete(file, Filter.eq("id", 42L), SMALL_CHUNKS);

        assertThat(find(file, ReadOptions.defaults(), 42)).isNull();
        List<Map<String, Object>> rest = expectedAll("v1", 300);
        rest.remove(42);
        assertThat(readAll(file, ReadOptions.defaults())).containsExactlyElementsOf(rest);
    }

    @Test
    void severalThreadsReadingTheSameFileGetTheirRows() throws Exception {
        Path file = write(dir.resolve("a.jzm"), "v1", 1_000, SMALL_CHUNKS);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 60; i++) {
                        int id = (seed * 397 + i * 131) % 1_000;
                        if (!expected("v1", id).equals(find(file, ReadOptions.defaults(), id))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> r : results) {
                assertThat(r.get()).isTrue();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(ReadCache.stats().hits()).isPositive();
    }

    @Test
    void theBudgetIsKeptAndClearDropsEverything() {
        Path file = write(dir.resolve("a.jzm"), "v1", 1_000, SMALL_CHUNKS);
        readAll(file, ReadOptions.defaults());
        ReadCache.Stats full = ReadCache.stats();
        // 10 chunks × 3 cacheable columns, 1 directory segment, the header, the table's columns and layout
        assertThat(full.entries()).isEqualTo(34);
        assertThat(full.bytes()).isPositive().isLessThanOrEqualTo(full.budget());
        assertThat(full.budget()).isGreaterThanOrEqualTo(
                Math.min(Priority.BALANCED.sharedCacheBytes(), Runtime.getRuntime().maxMemory() / 8));

        ReadCache.clear();
        assertThat(ReadCache.stats().entries()).isZero();
        assertThat(ReadCache.stats().bytes()).isZero();
        long misses = ReadCache.stats().misses();
        readAll(file, ReadOptions.defaults());
        assertThat(ReadCache.stats().misses() - misses).isEqualTo(34);
    }

    @Test
    void priorityMemoryAndAnOptOutNeitherReadNorFillTheCache() {
        Path file = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        ReadOptions memory = ReadOptions.defaults().withPriority(Priority.MEMORY);
        ReadOptions optedOut = ReadOptions.defaults().withSharedCache(false);
        readAll(file, memory);
        readAll(file, optedOut);
        assertThat(ReadCache.stats().entries()).isZero();

        readAll(file, ReadOptions.defaults());
        ReadCache.Stats filled = ReadCache.stats();
        assertThat(readAll(file, memory)).containsExactlyElementsOf(expectedAll("v1", 300));
        assertThat(analyze(file, optedOut, Filter.eq("id", 7L)).columnsDecoded()).isEqualTo(4);
        assertThat(ReadCache.stats().hits()).isEqualTo(filled.hits());
        assertThat(ReadCache.stats().misses()).isEqualTo(filled.misses());
    }

    @Test
    void encryptedFilesAndBytesInMemoryAreNeverCached() throws Exception {
        JazminKey key = JazminKey.generate();
        Path keyed = write(dir.resolve("k.jzm"), "v1", 300, SMALL_CHUNKS.withKey(key));
        Path password = write(dir.resolve("p.jzm"), "v1", 300, SMALL_CHUNKS.withPassword("correct horse")
                .withKdfIterations(WriteOptions.MIN_KDF_ITERATIONS));
        Path plain = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        ReadOptions withKey = ReadOptions.defaults().withKey(key);
        ReadOptions withPassword = ReadOptions.defaults().withPassword("correct horse");
        ReadCache.Stats before = ReadCache.stats();

        for (int round = 0; round < 2; round++) {
            assertThat(readAll(keyed, withKey)).hasSize(300);
            assertThat(readAll(password, withPassword)).hasSize(300);
            try (JazminReader r = JazminReader.open(Files.readAllBytes(plain))) {
                assertThat(r.table().find(null).count()).isEqualTo(300);
            }
        }
        ReadCache.Stats s = ReadCache.stats();
        assertThat(s.entries()).isZero();
        assertThat(s.hits() + s.misses()).as("not even looked up").isEqualTo(before.hits() + before.misses());
        assertThat(analyze(keyed, withKey, Filter.eq("id", 7L)).columnsDecoded()).isEqualTo(4);
    }

    @Test
    void keyAndPasswordFilesAreCachedWhenTheReaderAsks() {
        JazminKey key = JazminKey.generate();
        Path keyed = write(dir.resolve("k.jzm"), "v1", 300, SMALL_CHUNKS.withKey(key));
        Path password = write(dir.resolve("p.jzm"), "v1", 300, SMALL_CHUNKS.withPassword("correct horse")
                .withKdfIterations(WriteOptions.MIN_KDF_ITERATIONS));
        ReadOptions withKey = ReadOptions.defaults().withKey(key).withCacheDecryptedChunks(true);
        ReadOptions withPassword = ReadOptions.defaults().withPassword("correct horse").withCacheDecryptedChunks(true);
        Filter filter = Filter.eq("id", 150L);

        for (var file : Map.of(keyed, withKey, password, withPassword).entrySet()) {
            Explain first = analyze(file.getKey(), file.getValue(), filter);
            Explain second = analyze(file.getKey(), file.getValue(), filter);
            assertThat(first.columnsDecoded()).isEqualTo(4);
            assertThat(second.columnsDecoded()).as("every cacheable column came from the cache").isEqualTo(1);
            assertThat(find(file.getKey(), file.getValue(), 150)).isEqualTo(expected("v1", 150));
            assertThat(readAll(file.getKey(), file.getValue())).isEqualTo(expectedAll("v1", 300));
        }
        assertThat(ReadCache.stats().entries()).isPositive();
        // Without the option the same files are still neither read from the cache nor put in it.
        ReadCache.clear();
        assertThat(analyze(keyed, withKey.withCacheDecryptedChunks(false), filter).columnsDecoded()).isEqualTo(4);
        assertThat(analyze(keyed, withKey.withCacheDecryptedChunks(false), filter).columnsDecoded()).isEqualTo(4);
        assertThat(ReadCache.stats().entries()).isZero();
    }

    @Test
    void aCachedEncryptedFileIsNotServedToAWrongKey() {
        JazminKey key = JazminKey.generate();
        Path keyed = write(dir.resolve("k.jzm"), "v1", 300, SMALL_CHUNKS.withKey(key));
        assertThat(readAll(keyed, ReadOptions.defaults().withKey(key).withCacheDecryptedChunks(true))).hasSize(300);

        ReadOptions wrong = ReadOptions.defaults().withKey(JazminKey.generate()).withCacheDecryptedChunks(true);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> readAll(keyed, wrong))
                .isInstanceOf(io.jazmin.error.JazminKeyException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> readAll(keyed, ReadOptions.defaults()))
                .isInstanceOf(io.jazmin.error.JazminException.class);
    }

    @Test
    void aCallerChangingABinaryValueChangesNoOtherReadersValue() {
        Path file = write(dir.resolve("a.jzm"), "v1", 300, SMALL_CHUNKS);
        try (JazminReader r = JazminReader.open(file)) {
            byte[] blob = r.table().find(Filter.eq("id", 9L)).findFirst().orElseThrow().getBytes("blob");
            blob[0] = 77;
        }

        assertThat(find(file, ReadOptions.defaults(), 9)).isEqualTo(expected("v1", 9));
    }

    // ---- helpers ----

    private static Path write(Path file, String tag, int rows, WriteOptions options) {
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, options)) {
            for (int i = 0; i < rows; i++) {
                w.writeValues((long) i, tag + "-" + i, i / 4.0, new byte[] {(byte) i});
            }
            w.finish();
        }
        return file;
    }

    private static Map<String, Object> expected(String tag, int id) {
        return Map.of("id", (long) id, "name", tag + "-" + id, "score", id / 4.0, "blob", List.of((int) (byte) id));
    }

    private static List<Map<String, Object>> expectedAll(String tag, int rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            out.add(expected(tag, i));
        }
        return out;
    }

    private static String metadata(Path file) {
        try (JazminReader r = JazminReader.open(file)) {
            return r.metadata();
        }
    }

    private static Explain analyze(Path file, ReadOptions options, Filter filter) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().explainAnalyze(filter, RowQuery.all());
        }
    }

    /** The row with {@code id} as a map (binary values as lists, to compare), or {@code null}. */
    private static Map<String, Object> find(Path file, ReadOptions options, long id) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().find(Filter.eq("id", id)).findFirst().map(ReadCacheTest::values).orElse(null);
        }
    }

    private static List<Map<String, Object>> readAll(Path file, ReadOptions options) {
        try (JazminReader r = JazminReader.open(file, options)) {
            return r.table().find(null).map(ReadCacheTest::values).toList();
        }
    }

    private static Map<String, Object> values(Row row) {
        byte[] blob = row.getBytes("blob");
        List<Integer> bytes = new ArrayList<>();
        for (byte b : blob) {
            bytes.add((int) b);
        }
        return Map.of("id", row.getLong("id"), "name", row.getString("name"), "score", row.get("score"), "blob", bytes);
    }
}
