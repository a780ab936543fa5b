package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.Priority;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.Written;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Column flush points ({@link WriteOptions#withColumnFlushPoints(ColumnFlushPoints)}): by default where they cost at
 * most 1 % on a table's first chunk; files written with them are ordinary Deflate files that read
 * the same with or without the points, and a query reading some columns inflates only their
 * streams, in encrypted files too.
 */
class ColumnFlushPointsTest {
    private static final int ROWS = 5_000;
    private static final int CHUNK_ROWS = 1_000;
    private static final int CHUNKS = ROWS / CHUNK_ROWS;
    private static final int COLUMNS = FlushPointFiles.COLUMNS.size();
    private static final List<List<Object>> DATA = FlushPointFiles.rows(ROWS);
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final WriteOptions PLAIN = WriteOptions.defaults().withChunkRows(CHUNK_ROWS).withNow(NOW)
            .withColumnFlushPoints(false);
    private static final WriteOptions FLUSHED = PLAIN.withColumnFlushPoints(true);
    private static final byte[] PLAIN_FILE = FlushPointFiles.file(DATA, PLAIN);
    private static final byte[] FLUSHED_FILE = FlushPointFiles.file(DATA, FLUSHED);

    @Test
    void autoByDefaultAndOnePointPerStreamWhenAskedFor() {
        assertThat(WriteOptions.defaults().columnFlushPoints()).isEqualTo(ColumnFlushPoints.AUTO);
        assertThat(WriteOptions.defaults().withColumnFlushPoints(true).columnFlushPoints())
                .isEqualTo(ColumnFlushPoints.ALWAYS);
        assertThat(WriteOptions.defaults().withColumnFlushPoints(false).columnFlushPoints())
                .isEqualTo(ColumnFlushPoints.NEVER);
        assertThatThrownBy(() -> WriteOptions.defaults().withColumnFlushPoints((ColumnFlushPoints) null))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("columnFlushPoints");
        ChunkDirectory plain = FileSections.of(PLAIN_FILE).firstDirectory(0);
        assertThat(plain.streamOffsets().toArray()).isEmpty();
        assertThat(plain.streamStoredOffsets().toArray()).isEmpty();

        ChunkDirectory flushed = FileSections.of(FLUSHED_FILE).firstDirectory(0);
        assertThat(flushed.streamOffsets().toArray()).hasSize(CHUNKS * COLUMNS);
        assertThat(flushed.streamStoredOffsets().toArray()).hasSize(CHUNKS * COLUMNS);
        for (int c = 0; c < CHUNKS; c++) {
            assertThat(flushed.streamOffsets().toArray()[c * COLUMNS]).isZero();
            assertThat(flushed.streamStoredOffsets().toArray()[c * COLUMNS]).isZero();
        }
    }

    @Test
    void readsTheSameRowsAsAFileWithoutThem() {
        assertThat(allRows(FLUSHED_FILE)).isEqualTo(allRows(PLAIN_FILE)).hasSize(ROWS);
        for (String column : List.of("id", "country", "balance", "active")) {
            assertThat(column(FLUSHED_FILE, column)).as(column).isEqualTo(column(PLAIN_FILE, column));
        }
        assertThat(column(FLUSHED_FILE, "balance")).isEqualTo(DATA.stream().map(r -> r.get(FlushPointFiles.BALANCE))
                .toList());
        Filter rich = Filter.gt("balance", 5_000.0);
        try (JazminReader flushed = JazminReader.open(FLUSHED_FILE); JazminReader plain = JazminReader.open(PLAIN_FILE)) {
            assertThat(flushed.table().count(rich)).isEqualTo(plain.table().count(rich)).isPositive();
        }
    }

    /** Every part is one ordinary Deflate stream, and the recorded offsets are where its streams begin. */
    @Test
    void partsAreOrdinaryDeflateStreamsWithTheRecordedOffsets() throws DataFormatException {
        FileSections sections = FileSections.of(FLUSHED_FILE);
        ChunkDirectory dir = sections.firstDirectory(0);
        for (int c = 0; c < CHUNKS; c++) {
            SectionRef part = new SectionRef(dir.partOffsets()[c], dir.partLengths()[c]);
            byte[] raw = sections.read(SectionIds.chunkPart(0, c, SectionIds.DEFAULT_GROUP), part); // inflated whole
            int[] starts = streamStarts(raw);
            int[] recorded = Arrays.copyOfRange(dir.streamOffsets().toArray(), c * COLUMNS, (c + 1) * COLUMNS);
            assertThat(recorded).isEqualTo(starts);

            int at = (int) part.offset();
            assertThat(FLUSHED_FILE[at]).as("codec of part %d", c).isEqualTo((byte) 1);
            byte[] stored = Arrays.copyOfRange(FLUSHED_FILE, at + SectionEnvelope.SIZE, at + (int) part.length());
            for (int k = 0; k < COLUMNS; k++) {
                int from = dir.streamStoredOffsets().toArray()[c * COLUMNS + k];
                int rawEnd = k + 1 < COLUMNS ? starts[k + 1] : raw.length;
                // A fresh inflater started at the flush point, knowing nothing of the bytes before it.
                Inflater inflater = new Inflater(true);
                inflater.setInput(stored, from, stored.length - from);
                byte[] piece = new byte[rawEnd - starts[k]];
                assertThat(inflater.inflate(piece)).isEqualTo(piece.length);
                inflater.end();
                assertThat(piece).isEqualTo(Arrays.copyOfRange(raw, starts[k], rawEnd));
            }
        }
    }

    /** A reader that ignores the points (as other readers do) reads the same: here, the points removed. */
    @Test
    void aReaderIgnoringThePointsReadsTheSame() {
        ChunkDirectory dir = FileSections.of(FLUSHED_FILE).firstDirectory(0);
        byte[] without = FlushPointFiles.withDirectory(FLUSHED_FILE, FlushPointFiles.withFlushPoints(dir, null, null));
        assertThat(FileSections.of(without).firstDirectory(0).streamOffsets().toArray()).isEmpty();
        assertThat(allRows(without)).isEqualTo(allRows(FLUSHED_FILE));
        assertThat(column(without, "balance")).isEqualTo(column(FLUSHED_FILE, "balance"));
    }

    /** Damage in the first stream of a part: a query of balance never inflates it, unless the file has no points. */
    @Test
    void aQueryInflatesOnlyTheStreamsItReads() {
        byte[] flushed = damageFirstStream(FLUSHED_FILE);
        assertThat(column(flushed, "balance")).isEqualTo(column(FLUSHED_FILE, "balance"));
        assertThatThrownBy(() -> column(flushed, "id")).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining("Deflate");
        assertThatThrownBy(() -> allRows(flushed)).isInstanceOf(JazminFormatException.class);

        byte[] plain = damageFirstStream(PLAIN_FILE);
        assertThatThrownBy(() -> column(plain, "balance")).isInstanceOf(JazminFormatException.class);
    }

    /** Each directory segment has its points or none: appends with and without them (and deciding by default) mix. */
    @Test
    void appendsWithAndWithoutPointsMix(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("mixed.jzm");
        Files.write(path, FLUSHED_FILE);
        List<List<Object>> more = FlushPointFiles.rows(2 * CHUNK_ROWS + 10);
        JazminFile.append(path, maps(more.subList(0, CHUNK_ROWS + 5)), PLAIN);
        JazminFile.append(path, maps(more.subList(CHUNK_ROWS + 5, more.size())),
                PLAIN.withColumnFlushPoints(ColumnFlushPoints.AUTO));
        List<Object> expected = new ArrayList<>(column(FLUSHED_FILE, "balance"));
        more.forEach(r -> expected.add(r.get(FlushPointFiles.BALANCE)));
        byte[] bytes = Files.readAllBytes(path);
        assertThat(column(bytes, "balance")).isEqualTo(expected);
        assertThat(column(bytes, "id")).hasSize(ROWS + more.size());
    }

    /**
     * With the default, compaction and updates keep the layout a file has: its points, or none (a compaction
     * carries full chunks as they are stored); {@code NEVER} drops them, {@code ALWAYS} adds them.
     */
    @Test
    void compactionAndUpdatesKeepTheFlushPoints(@TempDir Path dir) throws IOException {
        WriteOptions auto = PLAIN.withColumnFlushPoints(ColumnFlushPoints.AUTO);
        Path path = dir.resolve("flushed.jzm");
        Files.write(path, FLUSHED_FILE);
        JazminFile.delete(path, Filter.lt("id", 10L), auto);

        JazminFile.compact(path, auto);
        assertThat(FileSections.of(Files.readAllBytes(path)).firstDirectory(0).streamOffsets().toArray())
                .as("compaction keeps the layout the file was written with").hasSize(CHUNKS * COLUMNS);
        JazminFile.update(path, new io.jazmin.change.UpdateChanges(null, Filter.lt("id", 20L), null, null, null, null),
                auto);
        byte[] bytes = Files.readAllBytes(path);
        assertThat(FileSections.of(bytes).firstDirectory(0).streamOffsets().toArray()).as("and so does an update").isNotEmpty();
        assertThat(column(bytes, "id")).hasSize(ROWS - 20);
        JazminFile.compact(path, PLAIN);
        bytes = Files.readAllBytes(path);
        assertThat(FileSections.of(bytes).firstDirectory(0).streamOffsets().toArray()).as("unless asked not to").isEmpty();
        assertThat(column(bytes, "id")).hasSize(ROWS - 20);

        Path plain = dir.resolve("plain.jzm");
        Files.write(plain, PLAIN_FILE);
        JazminFile.compact(plain, PLAIN);
        assertThat(FileSections.of(Files.readAllBytes(plain)).firstDirectory(0).streamOffsets().toArray())
                .as("a file without points gets none when asked not to").isEmpty();
        JazminFile.compact(plain, auto);
        assertThat(FileSections.of(Files.readAllBytes(plain)).firstDirectory(0).streamOffsets().toArray())
                .as("by default it keeps its layout too: its full chunks are carried as they are stored").isEmpty();
        JazminFile.compact(plain, PLAIN.withColumnFlushPoints(ColumnFlushPoints.ALWAYS));
        byte[] pointed = Files.readAllBytes(plain);
        assertThat(FileSections.of(pointed).firstDirectory(0).streamOffsets().toArray())
                .as("asked for points, every part is re-encoded with them").hasSize(CHUNKS * COLUMNS);
        assertThat(allRows(pointed)).isEqualTo(allRows(PLAIN_FILE));
    }

    private static Iterator<Map<String, Object>> maps(List<List<Object>> rows) {
        return rows.stream().map(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < COLUMNS; i++) {
                m.put(FlushPointFiles.COLUMNS.get(i).name(), r.get(i));
            }
            return m;
        }).iterator();
    }

    @Test
    void brotliFilesGetNoPointsAndReadAsUsual() {
        byte[] brotli = FlushPointFiles.file(DATA, FLUSHED.withCodec(Codec.BROTLI));
        assertThat(FileSections.of(brotli).firstDirectory(0).streamOffsets().toArray()).isEmpty();
        assertThat(allRows(brotli)).isEqualTo(allRows(PLAIN_FILE));
    }

    /** Column-aligned Deflate blocks often make up for the flushes (here the file is even smaller): at most 5 % more. */
    @Test
    void costsLittleSpaceIfAny() {
        assertThat(FLUSHED_FILE.length).isLessThan(PLAIN_FILE.length * 21 / 20);
    }

    /** Here the points make the first chunk smaller: the default writes the very bytes that asking for them does. */
    @Test
    void theDefaultKeepsThePointsWhereTheyCostLittle() {
        WriteOptions auto = PLAIN.withColumnFlushPoints(ColumnFlushPoints.AUTO);
        assertThat(afterPreamble(FlushPointFiles.file(DATA, auto))).isEqualTo(afterPreamble(FLUSHED_FILE));
        assertThat(afterPreamble(FlushPointFiles.file(DATA, auto.withPriority(Priority.MEMORY))))
                .as("decided the same on one thread").isEqualTo(afterPreamble(FLUSHED_FILE));
    }

    /**
     * Many near-constant boolean and small-int columns: each stream compresses to a few bytes, which a
     * flush (a new Deflate block) would multiply, so the default writes no points: the bytes of
     * {@code columnFlushPoints(false)}, whatever the parallelism.
     */
    @Test
    void theDefaultLeavesThemOutWhereTheyCostMore() {
        List<Column> columns = new ArrayList<>();
        for (int c = 0; c < 60; c++) {
            columns.add(Column.of("t" + c, c % 2 == 0 ? ColumnType.BOOL : ColumnType.INT));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 3 * CHUNK_ROWS; i++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                row.add(c % 2 == 0 ? (Object) (i % 97 == 0) : (Object) (long) (i / 500 % 3));
            }
            rows.add(row);
        }
        byte[] never = Written.file(columns, rows, PLAIN);
        byte[] always = Written.file(columns, rows, FLUSHED);
        assertThat((long) always.length).as("the points' cost here").isGreaterThan(never.length * 101L / 100);
        WriteOptions auto = PLAIN.withColumnFlushPoints(ColumnFlushPoints.AUTO);
        assertThat(afterPreamble(Written.file(columns, rows, auto))).isEqualTo(afterPreamble(never));
        assertThat(afterPreamble(Written.file(columns, rows, auto.withPriority(Priority.MEMORY))))
                .isEqualTo(afterPreamble(never));
    }

    /**
     * Key and password files get the points in their sealed chunk directory, and the reader inflates each stream
     * read on its own after checking the part's tag; a compaction and a key rotation keep them.
     */
    @Test
    void encryptedFilesUseThePointsAfterCheckingTheWholePart(@TempDir Path dir) throws IOException {
        JazminKey key = JazminKey.generate();
        ReadOptions withKey = ReadOptions.defaults().withKey(key);
        byte[] keyed = FlushPointFiles.file(DATA, FLUSHED.withKey(key));
        byte[] keyedPlain = FlushPointFiles.file(DATA, PLAIN.withKey(key));
        assertThat(keyed.length).isLessThan(keyedPlain.length); // as the plain files, 5 % smaller
        assertThat(FlushPointFiles.streamsInflatedAlone(keyed, withKey)).isEqualTo(COLUMNS);
        assertThat(FlushPointFiles.streamsInflatedAlone(keyedPlain, withKey)).isZero();
        assertThat(column(keyed, withKey, "balance")).isEqualTo(column(PLAIN_FILE, "balance"));
        assertThat(allRows(keyed, withKey)).isEqualTo(allRows(PLAIN_FILE));
        byte[] password = FlushPointFiles.file(DATA, PLAIN.withColumnFlushPoints(ColumnFlushPoints.AUTO)
                .withPassword("s3cret pass").withKdfIterations(1_000));
        ReadOptions withPassword = ReadOptions.defaults().withPassword("s3cret pass");
        assertThat(FlushPointFiles.streamsInflatedAlone(password, withPassword)).as("password file, by default")
                .isEqualTo(COLUMNS);
        assertThat(column(password, withPassword, "balance")).isEqualTo(column(PLAIN_FILE, "balance"));

        Path path = dir.resolve("keyed.jzm");
        Files.write(path, keyed);
        JazminFile.delete(path, Filter.lt("id", 10L), FLUSHED.withKey(key));
        JazminFile.compact(path, WriteOptions.defaults().withKey(key));
        byte[] compacted = Files.readAllBytes(path);
        assertThat(FlushPointFiles.streamsInflatedAlone(compacted, withKey)).isEqualTo(COLUMNS);
        assertThat(column(compacted, withKey, "balance")).isEqualTo(column(PLAIN_FILE, "balance").subList(10, ROWS));

        // A key rotation re-seals the compressed parts as they are, so the points still hold.
        JazminKey next = JazminKey.generate();
        JazminFile.rotateKey(path, withKey, next);
        ReadOptions withNext = ReadOptions.defaults().withKey(next);
        byte[] rotated = Files.readAllBytes(path);
        assertThat(FlushPointFiles.streamsInflatedAlone(rotated, withNext)).isEqualTo(COLUMNS);
        assertThat(column(rotated, withNext, "balance")).isEqualTo(column(PLAIN_FILE, "balance").subList(10, ROWS));
    }

    /** The file after its preamble, whose file id is new for every write. */
    private static byte[] afterPreamble(byte[] file) {
        return Arrays.copyOfRange(file, Preamble.SIZE, file.length);
    }


    /** {@code file} with the first byte of chunk 0's stored payload made an invalid Deflate block type, CRC fixed. */
    private static byte[] damageFirstStream(byte[] file) {
        ChunkDirectory dir = FileSections.of(file).firstDirectory(0);
        byte[] out = file.clone();
        int at = (int) dir.partOffsets()[0];
        int stored = (int) dir.partLengths()[0] - SectionEnvelope.SIZE;
        out[at + SectionEnvelope.SIZE] = (byte) 0xFF; // BTYPE 11: reserved, an error
        CRC32 crc = new CRC32();
        crc.update(out, at + SectionEnvelope.SIZE, stored);
        SectionEnvelope env = SectionEnvelope.decode(out, at);
        ByteWriter w = new ByteWriter(SectionEnvelope.SIZE);
        new SectionEnvelope(env.codec(), env.flags(), env.rawLength(), env.payloadLength(), crc.getValue()).encode(w);
        System.arraycopy(w.toByteArray(), 0, out, at, SectionEnvelope.SIZE);
        return out;
    }

    private static int[] streamStarts(byte[] raw) {
        int[] starts = new int[COLUMNS];
        ByteReader in = new ByteReader(raw);
        for (int k = 0; k < COLUMNS; k++) {
            starts[k] = in.position();
            in.skip(in.length());
        }
        in.expectEnd("chunk part");
        return starts;
    }

    private static List<List<Object>> allRows(byte[] file) {
        return allRows(file, ReadOptions.defaults());
    }

    private static List<List<Object>> allRows(byte[] file, ReadOptions options) {
        try (JazminReader reader = JazminReader.open(file, options); Stream<Row> rows = reader.table().rows()) {
            return rows.map(ColumnFlushPointsTest::values).toList();
        }
    }

    private static List<Object> values(Row row) {
        List<Object> out = new ArrayList<>(row.size());
        for (int i = 0; i < row.size(); i++) {
            out.add(row.get(i));
        }
        return out;
    }

    private static List<Object> column(byte[] file, String name) {
        return column(file, ReadOptions.defaults(), name);
    }

    private static List<Object> column(byte[] file, ReadOptions options, String name) {
        try (JazminReader reader = JazminReader.open(file, options)) {
            return FlushPointFiles.column(reader, name);
        }
    }
}
