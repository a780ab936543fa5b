package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.FlushPointFiles;
import io.jazmin.testing.RangedBytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Column flush points are offsets read from the file: wrong ones (too few, out of order, outside
 * the section, or not at a flush point) fail with a {@link JazminFormatException}, never with
 * another exception or wrong values read silently past a check, whether the parts are read whole
 * or (as from a remote source) only as the byte ranges of the streams read. A chunk's points are
 * checked when a read first uses them, so damaged points of a chunk no query reads fail nothing.
 */
class FlushPointsHostileTest {
    private static final int CHUNK_ROWS = 500;
    private static final List<List<Object>> DATA = FlushPointFiles.rows(1_500);
    private static final byte[] FILE = FlushPointFiles.file(DATA,
            WriteOptions.defaults().withChunkRows(CHUNK_ROWS).withColumnFlushPoints(true));
    private static final ChunkDirectory DIR = FileSections.of(FILE).firstDirectory(0);
    private static final int COLUMNS = FlushPointFiles.COLUMNS.size();
    private static final List<List<Object>> EXPECTED = columns(FILE);

    @Test
    void tooFewPoints() {
        int[] raw = Arrays.copyOf(DIR.streamOffsets().toArray(), DIR.streamOffsets().toArray().length - 1);
        assertRefused(raw, DIR.streamStoredOffsets().toArray(), "column flush points for 3 parts of 8 columns");
    }

    @Test
    void aPartsFirstPointNotAtZero() {
        int[] stored = DIR.streamStoredOffsets().toArray().clone();
        stored[COLUMNS] = 1;
        assertRefused(DIR.streamOffsets().toArray(), stored, "must start at offset 0");
    }

    @Test
    void pointsOutOfOrder() {
        int[] raw = DIR.streamOffsets().toArray().clone();
        raw[3] = raw[2];
        assertRefused(raw, DIR.streamStoredOffsets().toArray(), "does not follow the one before it");
    }

    @Test
    void lastPointBeyondTheSection() {
        int[] stored = DIR.streamStoredOffsets().toArray().clone();
        stored[COLUMNS - 1] = (int) DIR.partLengths()[0];
        assertRefused(DIR.streamOffsets().toArray(), stored, "lies outside the section");
    }

    @Test
    void aStoredPointInsideACompressedStream() {
        int[] stored = DIR.streamStoredOffsets().toArray().clone();
        stored[FlushPointFiles.BALANCE] += 1;
        assertRefused(DIR.streamOffsets().toArray(), stored, "");
    }

    @Test
    void aRawPointOffByOne() {
        int[] raw = DIR.streamOffsets().toArray().clone();
        raw[FlushPointFiles.BALANCE] += 1;
        assertRefused(raw, DIR.streamStoredOffsets().toArray(), "");
    }

    @Test
    void aChunksPointsOutOfOrderFailOnlyTheReadsOfThatChunk() {
        int[] raw = DIR.streamOffsets().toArray().clone();
        raw[2 * COLUMNS + 3] = raw[2 * COLUMNS + 2]; // the last chunk's (rows 1000 to 1499)
        byte[] file = FlushPointFiles.withDirectory(FILE, FlushPointFiles.withFlushPoints(DIR, raw,
                DIR.streamStoredOffsets().toArray()));
        for (boolean ranged : new boolean[] {false, true}) {
            try (JazminReader reader = ranged ? JazminReader.open(new RangedBytes(file), ReadOptions.defaults())
                    : JazminReader.open(file)) {
                List<Row> found = reader.table().find(Filter.eq("id", 123L)).toList();
                assertThat(found).as("a lookup in the first chunk").hasSize(1);
                assertThat(found.get(0).getLong("id")).isEqualTo(123L);
                assertThatThrownBy(() -> reader.table().find(Filter.eq("id", 1_234L)).toList())
                        .as("a lookup in the damaged chunk")
                        .isInstanceOfSatisfying(JazminFormatException.class, e -> assertThat(e.sectionId())
                                .isEqualTo(SectionIds.directory(0, SectionIds.PLAIN_PARTITION, 0)))
                        .hasMessageContaining("chunk 2: column flush point 3")
                        .hasMessageContaining("does not follow the one before it");
            }
        }
    }

    @Test
    void aChunksUndecodablePointFailsOnlyTheReadsOfThatChunk() {
        // The open keeps the lists' packed runs undecoded (issue 33): a value that is no int, too long a varint or
        // one cut by the run's end is found when its chunk is read, as points out of order are.
        int last = 2 * COLUMNS; // the last chunk's first point, then its last
        assertOnlyTheLastChunkFails(directoryWith(16, last, hex("80 80 80 80 08")),
                "chunk 2: catalog message ChunkDirectory: field 16: value 2147483648 out of range");
        assertOnlyTheLastChunkFails(directoryWith(17, last + 1, hex("FF FF FF FF FF FF FF FF FF FF 01")),
                "chunk 2: varint too long");
        assertOnlyTheLastChunkFails(directoryWith(17, 3 * COLUMNS - 1, hex("96")),
                "chunk 2: unexpected end of data in a varint");
    }

    private static void assertOnlyTheLastChunkFails(byte[] directory, String message) {
        byte[] file = FlushPointFiles.withDirectory(FILE, directory);
        for (boolean ranged : new boolean[] {false, true}) {
            try (JazminReader reader = ranged ? JazminReader.open(new RangedBytes(file), ReadOptions.defaults())
                    : JazminReader.open(file)) {
                List<Row> found = reader.table().find(Filter.eq("id", 723L)).toList();
                assertThat(found).as("a lookup in the second chunk").hasSize(1);
                assertThat(found.get(0).getString("name")).isEqualTo(EXPECTED.get(1).get(723));
                assertThatThrownBy(() -> reader.table().find(Filter.eq("id", 1_234L)).toList())
                        .as("a lookup in the damaged chunk")
                        .isInstanceOfSatisfying(JazminFormatException.class, e -> assertThat(e.sectionId())
                                .isEqualTo(SectionIds.directory(0, SectionIds.PLAIN_PARTITION, 0)))
                        .hasMessageContaining(message);
            }
        }
    }

    /**
     * {@link #DIR}'s payload with its flush points (fields 16 and 17, one packed run each) as written, but
     * value {@code index} of field {@code field} given as the bytes {@code varint}.
     */
    private static byte[] directoryWith(int field, int index, byte[] varint) {
        ByteWriter out = new ByteWriter().bytes(new ChunkDirectory(DIR.ordinals(), DIR.rowStarts(), DIR.rowCounts(),
                DIR.partOffsets(), DIR.partLengths(), DIR.partDigests(), DIR.statistics()).encode());
        int[][] lists = {DIR.streamOffsets().toArray(), DIR.streamStoredOffsets().toArray()};
        for (int f = 16; f <= 17; f++) {
            ByteWriter run = new ByteWriter();
            int[] values = lists[f - 16];
            for (int i = 0; i < values.length; i++) {
                if (f == field && i == index) {
                    run.bytes(varint);
                } else {
                    run.varint(values[i]);
                }
            }
            out.varint(f << 3 | 2).varint(run.size()).bytes(run.toByteArray());
        }
        return out.toByteArray();
    }

    private static byte[] hex(String s) {
        return HexFormat.ofDelimiter(" ").parseHex(s);
    }

    /** Seeded random changes of one or two offsets: each either fails typed or reads the right values. */
    @Test
    void randomOffsetsFailTypedOrReadTheTruth() {
        Random random = new Random(1234);
        int failures = 0;
        for (int i = 0; i < 150; i++) {
            int[] raw = DIR.streamOffsets().toArray().clone();
            int[] stored = DIR.streamStoredOffsets().toArray().clone();
            for (int changes = 1 + random.nextInt(2); changes > 0; changes--) {
                int[] list = random.nextBoolean() ? raw : stored;
                int k = random.nextInt(list.length);
                list[k] = switch (random.nextInt(3)) {
                    case 0 -> Math.max(0, list[k] + random.nextInt(7) - 3);
                    case 1 -> random.nextInt(Math.max(1, list[k] * 2 + 1));
                    default -> random.nextInt(Integer.MAX_VALUE);
                };
            }
            byte[] file = FlushPointFiles.withDirectory(FILE, FlushPointFiles.withFlushPoints(DIR, raw, stored));
            try {
                assertThat(columns(file)).as("values read with changed offsets").isEqualTo(EXPECTED);
            } catch (JazminFormatException e) {
                failures++;
            }
        }
        assertThat(failures).as("most random offsets are wrong ones").isGreaterThan(100);
    }

    private static void assertRefused(int[] raw, int[] stored, String message) {
        byte[] file = FlushPointFiles.withDirectory(FILE, FlushPointFiles.withFlushPoints(DIR, raw, stored));
        assertThatThrownBy(() -> columns(file)).isInstanceOf(JazminFormatException.class)
                .hasMessageContaining(message);
    }

    /**
     * Every column read alone (each through its own flush points), from bytes read whole and as a
     * remote source reads them (only the streams' ranges, {@link RangedBytes}): both must refuse
     * the file, or both read the same values.
     */
    private static List<List<Object>> columns(byte[] file) {
        List<List<Object>> ranged;
        try {
            ranged = columns(JazminReader.open(new RangedBytes(file), ReadOptions.defaults()));
        } catch (JazminFormatException e) {
            assertThatThrownBy(() -> columns(JazminReader.open(file))).as("read whole, refused read as ranges")
                    .isInstanceOf(JazminFormatException.class);
            throw e;
        }
        List<List<Object>> whole = null;
        try {
            whole = columns(JazminReader.open(file));
        } catch (JazminFormatException e) {
            throw new AssertionError("read as ranges, refused read whole", e);
        }
        assertThat(ranged).as("read as ranges").isEqualTo(whole);
        return whole;
    }

    private static List<List<Object>> columns(JazminReader opened) {
        List<List<Object>> out = new ArrayList<>();
        try (JazminReader reader = opened) {
            for (Column column : FlushPointFiles.COLUMNS) {
                out.add(FlushPointFiles.column(reader, column.name()));
            }
        }
        return out;
    }
}
