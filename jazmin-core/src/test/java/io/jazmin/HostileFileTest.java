package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.jazmin.internal.catalog.CatalogColumn;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.ColumnGroup;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.StatisticsBlock;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.key.JazminKey;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.testing.CatalogPatch;
import static io.jazmin.testing.CraftedFiles.withTable;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.Written;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.SectionEnvelope;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.error.JazminFormatException;
import io.jazmin.options.ReadLimits;
import io.jazmin.options.ReadOptions;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;

/**
 * Hostile files crafted from a small file our writer made, with valid CRCs: each must fail with a
 * {@link JazminFormatException} at once (a preemptive guard catches hangs) and without a large
 * allocation (the thread's allocation counter). Also the rollback of an encrypted appended file
 * cut back to an earlier version: reported, and refused under {@code requireLatest}.
 */
class HostileFileTest {
    private static final Duration GUARD = Duration.ofSeconds(10);
    private static final long MAX_ALLOCATION = 64L << 20;
    private static final int HUGE_RAW = 200 << 20;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING));
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final byte[] SMALL = Written.file(COLUMNS, rows(40), WriteOptions.defaults().withChunkRows(8));
    private static final byte[] WIDE = wideFile(100_000);

    @TempDir
    Path dir;

    @BeforeAll
    static void allocationCounterWorks() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported(), "per-thread allocation counter unsupported");
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    private static List<List<Object>> rows(int n) {
        return IntStream.range(0, n).<List<Object>>mapToObj(i -> List.of((long) i, "name-" + i)).toList();
    }

    private static byte[] smallFile() {
        return SMALL.clone();
    }

    @Test
    void statisticsBlockWithoutSection() {
        byte[] file = smallFile();
        FileSections sections = FileSections.of(file);
        ChunkDirectory d = sections.firstDirectory(0);
        List<StatisticsBlock> blocks = d.statistics().stream().map(b -> new StatisticsBlock(b.columns(), null)).toList();
        ChunkDirectory hostile = new ChunkDirectory(d.ordinals(), d.rowStarts(), d.rowCounts(), d.partOffsets(),
                d.partLengths(), d.partDigests(), blocks);
        CatalogPatch patch = CatalogPatch.of(file);
        SectionRef ref = patch.add(SectionIds.directory(0, SectionIds.PLAIN_PARTITION, 0), hostile.encode());
        Header h = sections.header();
        TableEntry t = h.tables().get(0);
        Partition p = new Partition(t.partitions().get(0).id(), List.of(ref));
        byte[] crafted = patch.finish(withTable(h, new TableEntry(t.name(), t.columnCount(), t.columnGroups(),
                t.sortedBy(), t.partitionBy(), t.rowCount(), t.deletedCount(), t.chunkCount(), List.of(p),
                t.partitionTable(), t.indexes(), t.deletes())));

        assertFailsFast(crafted, ReadOptions.defaults(), reader -> reader.table().find(Filter.gt("id", 30L)).count(),
                "statistics block 0 names no section");
    }

    @Test
    void billionChunks() {
        byte[] file = smallFile();
        Header h = FileSections.of(file).header();
        TableEntry t = h.tables().get(0);
        byte[] crafted = CatalogPatch.of(file).finish(withTable(h, new TableEntry(t.name(), t.columnCount(),
                t.columnGroups(), t.sortedBy(), t.partitionBy(), t.rowCount(), t.deletedCount(), 1_000_000_000,
                t.partitions(), t.partitionTable(), t.indexes(), t.deletes())));

        assertFailsFast(crafted, ReadOptions.defaults(), reader -> reader.table().rows().count(),
                "declares 1000000000 chunks");
    }

    /**
     * 200 MiB of zeros as raw Deflate: one MiB compressed up to a full flush (which resets the
     * state, so the same bytes follow for every further MiB) repeated 200 times, then an empty final
     * block (fixed Huffman, end-of-block only).
     */
    @Test
    void deflateSectionDeclaring200MiB() {
        Deflater deflater = new Deflater(9, true);
        deflater.setInput(new byte[1 << 20]);
        byte[] segment = new byte[1 << 16];
        int n = deflater.deflate(segment, 0, segment.length, Deflater.FULL_FLUSH);
        deflater.end();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        for (int i = 0; i < HUGE_RAW >> 20; i++) {
            packed.write(segment, 0, n);
        }
        packed.writeBytes(new byte[] {0x03, 0x00});
        assertHugeHeaderRefused(Codec.DEFLATE, packed.toByteArray());
    }

    @Test
    void brotliSectionDeclaring200MiB() throws IOException {
        Brotli4jLoader.ensureAvailability();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        try (OutputStream out = new BrotliOutputStream(packed, new Encoder.Parameters().setQuality(1))) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < HUGE_RAW >> 20; i++) {
                out.write(zeros);
            }
        }
        assertHugeHeaderRefused(Codec.BROTLI, packed.toByteArray());
    }

    /** A section whose bytes really inflate to 200 MiB, so only a bound decided beforehand avoids the allocation. */
    private void assertHugeHeaderRefused(Codec codec, byte[] payload) {
        CRC32 crc = new CRC32();
        crc.update(payload);
        ByteWriter section = new ByteWriter(SectionEnvelope.SIZE + payload.length);
        new SectionEnvelope(codec.wireId(), 0, HUGE_RAW, payload.length, crc.getValue()).encode(section);
        section.bytes(payload, 0, payload.length);
        CatalogPatch patch = CatalogPatch.of(smallFile());
        byte[] crafted = patch.finishWithHeader(patch.addWhole(section.toByteArray()));

        assertFailsFast(crafted, ReadOptions.defaults(), reader -> reader.table().rows().count(),
                "raw length of " + HUGE_RAW + " bytes, more than this reader's limit");
    }

    @Test
    void deflateSectionClaimingMoreThanDeflateCanExpand() {
        byte[] payload = {1, 2, 3, 4};
        CRC32 crc = new CRC32();
        crc.update(payload);
        ByteWriter section = new ByteWriter(SectionEnvelope.SIZE + payload.length);
        new SectionEnvelope(Codec.DEFLATE.wireId(), 0, 60 << 20, payload.length, crc.getValue()).encode(section);
        section.bytes(payload, 0, payload.length);
        CatalogPatch patch = CatalogPatch.of(smallFile());
        byte[] crafted = patch.finishWithHeader(patch.addWhole(section.toByteArray()));

        assertFailsFast(crafted, ReadOptions.defaults(), reader -> { }, "more than Deflate can expand to");
    }

    @Test
    void hundredThousandColumns() {
        assertFailsFast(WIDE, ReadOptions.defaults(), reader -> reader.table().rows().count(),
                "declares 100000 columns, more than this reader's limit of 10000");
    }

    /** Past the limit, a wide table costs time linear in its columns: names are looked up by hash. */
    @Test
    void hundredThousandColumnsWithinARaisedLimit() {
        ReadOptions options = ReadOptions.defaults().withLimits(ReadLimits.defaults().withMaxColumns(100_000));
        assertTimeoutPreemptively(GUARD, () -> {
            try (JazminReader reader = JazminReader.open(WIDE, options)) {
                JazminTable table = reader.table();
                assertThat(table.rows().count()).isZero();
                assertThat(table.rows(RowQuery.all().withSelect(List.of("c99999", "c0"))).count()).isZero();
                assertThat(table.column("c77777").type()).isEqualTo(ColumnType.INT);
            }
        });
    }

    /** A table of {@code n} int columns and no rows, its header crafted over a small file. */
    private static byte[] wideFile(int n) {
        byte[] file = smallFile();
        Header h = FileSections.of(file).header();
        List<CatalogColumn> columns = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            columns.add(CatalogColumn.of(Column.of("c" + i, ColumnType.INT), i));
        }
        TableEntry wide = new TableEntry("", n, List.of(ColumnGroup.inline(ColumnGroup.DEFAULT, columns)), null, null,
                0, 0, 0, null, null, null, null);
        return CatalogPatch.of(file).finish(withTable(h, wide));
    }

    /**
     * An encrypted file appended to (68 rows deleted), then cut back at its first trailer: the older
     * rows are what a reader can read, but it reports the earlier version, and refuses it when the
     * latest is required. A cut back to an earlier append is caught only by the append count the
     * caller knows.
     */
    @Test
    void encryptedAppendedFileCutBackToAnEarlierVersion() throws IOException {
        JazminKey key = JazminKey.generate();
        WriteOptions write = WriteOptions.defaults().withKey(key).withChunkRows(16);
        ReadOptions read = ReadOptions.defaults().withKey(key);
        Path path = dir.resolve("secret.jzm");
        Files.write(path, Written.file(COLUMNS, rows(100), write));
        long fullWrite = Files.size(path);
        JazminFile.delete(path, Filter.lt("id", 68L), write);
        long firstAppend = Files.size(path);
        JazminFile.append(path, List.<Map<String, ?>>of(Map.of("id", 100L, "name", "late")).iterator(), write);
        try (JazminReader latest = JazminReader.open(path, read)) {
            assertThat(latest.table().rowCount()).isEqualTo(33);
            assertThat(latest.earlierVersion()).isFalse();
            assertThat(latest.appendCount()).isEqualTo(2);
        }

        truncate(path, firstAppend);
        try (JazminReader reader = JazminReader.open(path, read.withRequireLatest())) {
            assertThat(reader.table().rowCount()).isEqualTo(32);
            assertThat(reader.earlierVersion()).as("a cut at an append's trailer is not visible").isFalse();
        }
        assertRefused(path, read.withRequireLatest(2), "has 1 appends but 2 are known");

        truncate(path, fullWrite);
        try (JazminReader reader = JazminReader.open(path, read)) {
            assertThat(reader.table().rowCount()).as("the 68 deletes are undone").isEqualTo(100);
            assertThat(reader.recovered()).isFalse();
            assertThat(reader.earlierVersion()).isTrue();
        }
        assertRefused(path, read.withRequireLatest(), "cut back to its last full write");
    }

    @Test
    void unfinishedAppendIsAnEarlierVersion() throws IOException {
        JazminKey key = JazminKey.generate();
        WriteOptions write = WriteOptions.defaults().withKey(key);
        ReadOptions read = ReadOptions.defaults().withKey(key);
        Path path = dir.resolve("cut.jzm");
        Files.write(path, Written.file(COLUMNS, rows(20), write));
        JazminFile.delete(path, Filter.lt("id", 5L), write);
        truncate(path, Files.size(path) - 1);
        try (JazminReader reader = JazminReader.open(path, read)) {
            assertThat(reader.recovered()).isTrue();
            assertThat(reader.earlierVersion()).isTrue();
            assertThat(reader.table().rowCount()).isEqualTo(20);
        }
        assertRefused(path, read.withRequireLatest(), "last append is unfinished or cut");
    }

    private static void assertRefused(Path path, ReadOptions options, String message) {
        try (JazminReader reader = JazminReader.open(path, options)) {
            throw new AssertionError("opened an earlier version: " + reader.table().rowCount() + " rows");
        } catch (JazminFormatException e) {
            assertThat(e).hasMessageContaining(message);
        }
    }

    private static void truncate(Path path, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    /** Opening {@code file} and running {@code use} fails typed, at once, with little allocated. */
    private static void assertFailsFast(byte[] file, ReadOptions options, Consumer<JazminReader> use, String message) {
        Throwable failure = assertTimeoutPreemptively(GUARD, () -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try (JazminReader reader = JazminReader.open(file, options)) {
                use.accept(reader);
            } catch (Throwable t) {
                long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
                assertThat(allocated).as("bytes allocated before failing: " + t).isLessThan(MAX_ALLOCATION);
                return t;
            }
            throw new AssertionError("the hostile file was read without error");
        });
        assertThat(failure).isInstanceOf(JazminFormatException.class).hasMessageContaining(message);
    }
}
