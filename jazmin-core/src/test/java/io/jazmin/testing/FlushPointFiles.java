package io.jazmin.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.ColumnArrays;
import io.jazmin.data.RowQuery;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.Partition;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Customers-like test files written with and without column flush points, and hostile variants of
 * them whose one chunk directory is replaced (see {@link CatalogPatch}).
 */
public final class FlushPointFiles {
    public static final List<Column> COLUMNS = List.of(
            Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING),
            Column.of("email", ColumnType.STRING),
            Column.of("country", ColumnType.STRING),
            Column.of("age", ColumnType.INT),
            Column.of("balance", ColumnType.FLOAT),
            Column.of("joined", ColumnType.DATETIME),
            Column.of("active", ColumnType.BOOL));
    /** Position of {@code balance}, a column in the middle of the streams. */
    public static final int BALANCE = 5;
    private static final String[] COUNTRIES = {"DE", "FR", "ES", "IT", "NL", "PL"};

    private FlushPointFiles() {
    }

    /** {@code n} rows from a fixed seed; every 17th balance is null. */
    public static List<List<Object>> rows(int n) {
        Random random = new Random(42);
        List<List<Object>> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>();
            row.add((long) i);
            row.add("Customer " + Integer.toString(random.nextInt(1 << 20), 36));
            row.add("c" + i + "@example.com");
            row.add(COUNTRIES[random.nextInt(COUNTRIES.length)]);
            row.add((long) (18 + random.nextInt(70)));
            row.add(i % 17 == 0 ? null : random.nextInt(1_000_000) / 100.0);
            row.add(Instant.ofEpochMilli(1_600_000_000_000L + i * 60_000L));
            row.add(random.nextBoolean());
            rows.add(row);
        }
        return rows;
    }

    /** A file of {@code rows} written with {@code options}. */
    public static byte[] file(List<List<Object>> rows, WriteOptions options) {
        return Written.file(COLUMNS, rows, options);
    }

    /** {@code file} (one partition, one directory segment) with its chunk directory replaced by {@code dir}. */
    public static byte[] withDirectory(byte[] file, ChunkDirectory dir) {
        return withDirectory(file, dir.encode());
    }

    /** {@code file} with its first directory segment's payload {@code payload} (bytes a writer may not make). */
    public static byte[] withDirectory(byte[] file, byte[] payload) {
        Header h = FileSections.of(file).header();
        TableEntry t = h.tables().get(0);
        CatalogPatch patch = CatalogPatch.of(file);
        SectionRef ref = patch.add(SectionIds.directory(0, SectionIds.PLAIN_PARTITION, 0), payload);
        Partition p = new Partition(t.partitions().get(0).id(), List.of(ref));
        TableEntry table = new TableEntry(t.name(), t.columnCount(), t.columnGroups(), t.sortedBy(), t.partitionBy(),
                t.rowCount(), t.deletedCount(), t.chunkCount(), List.of(p), t.partitionTable(), t.indexes(),
                t.deletes());
        return patch.finish(new Header(h.readerFeatures(), h.writerFeatures(), h.created(), h.modified(),
                h.appendCount(), h.metadata(), List.of(table), h.keyring(), h.files(), h.access(), h.deltas()));
    }

    /** The values of column {@code name} read alone (the query inflates only its streams), nulls included. */
    public static List<Object> column(JazminReader reader, String name) {
        ColumnArrays arrays = reader.table().columnArrays(null, RowQuery.all().withSelect(List.of(name)));
        Object values = arrays.values(name);
        byte[] nulls = arrays.nulls(name);
        List<Object> out = new ArrayList<>(arrays.rowCount());
        for (int r = 0; r < arrays.rowCount(); r++) {
            boolean isNull = nulls != null && (nulls[r >> 3] & (1 << (r & 7))) != 0;
            out.add(isNull ? null : Array.get(values, r));
        }
        return out;
    }

    /** {@code dir} with other column flush points. */
    public static ChunkDirectory withFlushPoints(ChunkDirectory dir, int[] raw, int[] stored) {
        return new ChunkDirectory(dir.ordinals(), dir.rowStarts(), dir.rowCounts(), dir.partOffsets(),
                dir.partLengths(), dir.partDigests(), dir.statistics(), raw, stored);
    }

    /**
     * How many streams the part of {@code file}'s first chunk serves on their own when read lazily with
     * the chunk's flush points, as a query reading some columns reads it (0: it inflates as one).
     */
    public static int streamsInflatedAlone(byte[] file, ReadOptions options) {
        try (ByteSource source = ByteSource.of(file); OpenedFile opened = FileOpener.open(source, options)) {
            ChunkInfo chunk = opened.table(0).chunks().get(0);
            return opened.sections().readLazily(SectionIds.chunkPart(0, chunk.ordinal(), SectionIds.DEFAULT_GROUP),
                    chunk.partOffset(0), chunk.partLength(0), chunk.partDigest(0), chunk.partition(),
                    chunk.flushPoints()).streamCount();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Asserts that {@code file} differs from {@code withoutPoints}, the same rows written with
     * {@code columnFlushPoints(false)}, only where column flush points change a file (one directory
     * segment per table): its chunk parts' compressed bytes, the directories' part offsets and lengths
     * and the points themselves. Tables, statistics, index sizes and every chunk part's raw payload are
     * the same.
     */
    public static void assertDiffersOnlyInCompressedParts(byte[] file, byte[] withoutPoints) {
        FileSections a = FileSections.of(file);
        FileSections b = FileSections.of(withoutPoints);
        assertThat(a.header().tables()).hasSameSizeAs(b.header().tables());
        assertThat(a.header().metadata()).isEqualTo(b.header().metadata());
        assertThat(a.indexContentBytes()).as("index sections").isEqualTo(b.indexContentBytes());
        for (int t = 0; t < a.header().tables().size(); t++) {
            TableEntry ta = a.header().tables().get(t);
            TableEntry tb = b.header().tables().get(t);
            assertThat(List.of(ta.name(), ta.columnCount(), ta.rowCount(), ta.chunkCount(), ta.sortedBy()))
                    .isEqualTo(List.of(tb.name(), tb.columnCount(), tb.rowCount(), tb.chunkCount(), tb.sortedBy()));
            if (ta.partitions().isEmpty() && tb.partitions().isEmpty()) {
                continue;
            }
            ChunkDirectory da = a.firstDirectory(t);
            ChunkDirectory db = b.firstDirectory(t);
            assertThat(da.ordinals()).hasSize((int) ta.chunkCount()).isEqualTo(db.ordinals());
            assertThat(da.rowStarts()).isEqualTo(db.rowStarts());
            assertThat(da.rowCounts()).isEqualTo(db.rowCounts());
            assertThat(db.streamOffsets().toArray()).isEmpty();
            assertThat(da.streamOffsets().toArray().length).isIn(0, da.partOffsets().length * ta.columnCount());
            assertThat(da.statistics()).hasSameSizeAs(db.statistics());
            for (int k = 0; k < da.statistics().size(); k++) {
                String id = SectionIds.statistics(t, SectionIds.PLAIN_PARTITION, k, 0);
                assertThat(a.read(id, da.statistics().get(k).section()))
                        .as("statistics block %d", k).isEqualTo(b.read(id, db.statistics().get(k).section()));
            }
            for (int i = 0; i < da.ordinals().length; i++) {
                String id = SectionIds.chunkPart(t, da.ordinals()[i], SectionIds.DEFAULT_GROUP);
                assertThat(a.read(id, new SectionRef(da.partOffsets()[i], da.partLengths()[i])))
                        .as("raw payload of chunk %d", i)
                        .isEqualTo(b.read(id, new SectionRef(db.partOffsets()[i], db.partLengths()[i])));
            }
        }
    }
}
