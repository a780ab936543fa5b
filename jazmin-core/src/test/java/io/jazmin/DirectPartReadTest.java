package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.Written;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain chunk part with column flush points read for some of its columns is read into the thread's
 * direct buffer (issue 33): read whole and checked whole (CRC-32) as before, a damaged stream the
 * query does not read still refuses the part, the streams asked for later are read again and checked
 * against the first read, and the rows are those of a file without flush points.
 */
class DirectPartReadTest {
    private static final int ROWS = 3_000;
    private static final List<List<Object>> DATA = FlushPointFiles.rows(ROWS);
    private static final WriteOptions PLAIN = WriteOptions.defaults().withChunkRows(1_000).withColumnFlushPoints(false);
    private static final byte[] FLUSHED_FILE = FlushPointFiles.file(DATA, PLAIN.withColumnFlushPoints(true));
    private static final byte[] PLAIN_FILE = FlushPointFiles.file(DATA, PLAIN);
    private static final Filter COUNTRY = Filter.eq("country", "FR");

    @TempDir
    Path dir;

    private Path onDisk(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static long count(JazminReader reader) {
        return reader.table().count(COUNTRY);
    }

    /** {@code file} with one stored byte of the last stream of chunk 1's part flipped (its CRC-32 left as it was). */
    private static byte[] damageLastStream(byte[] file) {
        ChunkDirectory d = FileSections.of(file).firstDirectory(0);
        byte[] out = file.clone();
        int at = (int) (d.partOffsets()[1] + d.partLengths()[1]) - 2; // inside the last (active) stream
        out[at] ^= 0x40;
        return out;
    }

    @Test
    void aQueryOfSomeColumnsReadsAndChecksEveryPartWhole() throws IOException {
        ChunkDirectory d = FileSections.of(FLUSHED_FILE).firstDirectory(0);
        long parts = 0;
        for (long length : d.partLengths()) {
            parts += length;
        }
        try (JazminReader plain = JazminReader.open(PLAIN_FILE);
             JazminReader fromDisk = JazminReader.open(onDisk("f.jzm", FLUSHED_FILE),
                     ReadOptions.defaults().withSharedCache(false));
             JazminReader inMemory = JazminReader.open(FLUSHED_FILE)) {
            long expected = DATA.stream().filter(r -> "FR".equals(r.get(3))).count();
            assertThat(count(plain)).isEqualTo(expected).isPositive();
            long[] read = new long[2];
            for (int i = 0; i < 2; i++) {
                JazminReader reader = i == 0 ? fromDisk : inMemory;
                long before = reader.bytesRead();
                assertThat(count(reader)).isEqualTo(expected);
                read[i] = reader.bytesRead() - before;
            }
            // Every part whole, and the statistics the plan reads besides.
            assertThat(read[0]).as("every part read whole").isGreaterThanOrEqualTo(parts).isEqualTo(read[1]);
        }

        byte[] damaged = damageLastStream(FLUSHED_FILE);
        Path damagedOnDisk = onDisk("damaged.jzm", damaged);
        assertThatThrownBy(() -> {
            try (JazminReader reader = JazminReader.open(damagedOnDisk, ReadOptions.defaults().withSharedCache(false))) {
                count(reader);
            }
        }).isInstanceOf(JazminFormatException.class).hasMessageContaining("CRC-32");
        assertThatThrownBy(() -> {
            try (JazminReader reader = JazminReader.open(damaged)) {
                count(reader);
            }
        }).isInstanceOf(JazminFormatException.class).hasMessageContaining("CRC-32");
    }

    /**
     * A part with flush points whose bytes do not compress is stored uncompressed (codec 0, its points
     * the raw offsets; here the table's first part, whose settings the later ones follow): the bytes
     * the direct buffer read are checked and decoded there, never read from the file a second time.
     * Besides its directory (larger by the points) and every part once, a query reads what it reads in
     * the same rows written without points.
     */
    @Test
    void aPartStoredUncompressedWithFlushPointsIsReadOnce() throws IOException {
        List<Column> columns = List.of(Column.required("n", ColumnType.INT));
        Random random = new Random(7);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            rows.add(List.of(random.nextLong()));
        }
        WriteOptions options = WriteOptions.defaults().withChunkRows(500);
        byte[] flushed = Written.file(columns, rows, options.withColumnFlushPoints(true));
        byte[] plain = Written.file(columns, rows, options.withColumnFlushPoints(false));
        ChunkDirectory d = FileSections.of(flushed).firstDirectory(0);
        assertThat(d.streamStoredOffsets().size()).as("flush points").isPositive();
        assertThat(SectionEnvelope.decode(flushed, (int) d.partOffsets()[0]).codec()).as("stored uncompressed").isZero();

        Filter positive = Filter.gt("n", 0L);
        long expected = rows.stream().filter(r -> (Long) r.get(0) > 0).count();
        long[] besides = new long[2];
        for (int i = 0; i < 2; i++) {
            byte[] file = i == 0 ? flushed : plain;
            try (JazminReader reader = JazminReader.open(onDisk(i + ".jzm", file),
                    ReadOptions.defaults().withSharedCache(false))) {
                long before = reader.bytesRead();
                assertThat(reader.table().count(positive)).isEqualTo(expected);
                besides[i] = reader.bytesRead() - before - directoryAndParts(file);
            }
        }
        assertThat(besides[0]).as("bytes read besides the directory and every part once, with points and without")
                .isEqualTo(besides[1]);
    }

    /** The whole length of the one directory segment of {@code file}'s table, and of its parts. */
    private static long directoryAndParts(byte[] file) {
        FileSections sections = FileSections.of(file);
        long sum = sections.header().tables().get(0).partitions().get(0).segments().get(0).length();
        for (long length : sections.firstDirectory(0).partLengths()) {
            sum += length;
        }
        return sum;
    }

    @Test
    void streamsAskedForLaterAreReadAgainAndMatchTheFirstRead() throws IOException {
        Path file = onDisk("f.jzm", FLUSHED_FILE);
        for (boolean cache : new boolean[] {false, true}) {
            try (JazminReader reader = JazminReader.open(file, ReadOptions.defaults().withSharedCache(cache));
                 JazminReader plain = JazminReader.open(PLAIN_FILE);
                 Stream<Row> found = reader.table().find(COUNTRY);
                 Stream<Row> expected = plain.table().find(COUNTRY)) {
                List<Row> rows = found.toList();
                assertThat(rows.stream().map(Row::toString).toList()).as("cache %s", cache)
                        .isEqualTo(expected.map(Row::toString).toList()).isNotEmpty();
                assertThat(rows.get(0).size()).isEqualTo(FlushPointFiles.COLUMNS.size());
            }
        }
    }

    @Test
    void theDamagedByteLiesInAStreamAfterTheFilterColumn() {
        ChunkDirectory d = FileSections.of(FLUSHED_FILE).firstDirectory(0);
        int columns = FlushPointFiles.COLUMNS.size();
        // The last stream's stored bytes start at its point and run to the end of the part.
        long lastStream = d.partOffsets()[1] + SectionEnvelope.SIZE + d.streamStoredOffsets().toArray()[2 * columns - 1];
        assertThat(d.partOffsets()[1] + d.partLengths()[1] - 2).isGreaterThan(lastStream);
    }
}
