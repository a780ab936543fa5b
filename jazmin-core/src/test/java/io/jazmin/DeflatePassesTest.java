package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.Written;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The default Deflate setting keeps the shorter of two passes (level 6, level 9 FILTERED); a table's
 * first chunk decides whether its later chunk parts still run both or level 6 alone: the second pass
 * costs 1.5 times the first and, where it loses on the first chunk, it nearly always loses on the rest
 * (every chunk of the benchmark's wide table).
 */
class DeflatePassesTest {
    private static final int CHUNK_ROWS = 1_000;
    private static final int CHUNKS = 3;
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("s", ColumnType.STRING));

    /** Numbered items, on which level 9 FILTERED is no shorter than level 6. */
    private static IntFunction<String> items() {
        return i -> "item-" + i + "-" + i % 10;
    }

    /** Text over four letters, unique per row, on which level 9 FILTERED is the shorter. */
    private static IntFunction<String> fourLetters() {
        Random random = new Random(11);
        return i -> {
            char[] c = new char[24];
            for (int k = 0; k < c.length; k++) {
                c[k] = "acgt".charAt(random.nextInt(4));
            }
            return new String(c);
        };
    }

    private static byte[] write(IntFunction<String> first, IntFunction<String> rest, WriteOptions options) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < CHUNKS * CHUNK_ROWS; i++) {
            rows.add(List.of((long) i, i < CHUNK_ROWS ? first.apply(i) : rest.apply(i)));
        }
        return Written.file(COLUMNS, rows, options.withChunkRows(CHUNK_ROWS));
    }

    /** Chunk {@code k}'s part: its raw payload and its stored (compressed) bytes. */
    private record Part(byte[] raw, byte[] stored, int[] streamStarts) {
        /** The part's payload compressed at {@code level} as the writer would, with its flush points if it has them. */
        byte[] compressed(int level) {
            return streamStarts.length > 0
                    ? Compression.deflateFlushed(level, raw, raw.length, streamStarts).bytes()
                    : Compression.compress(Codec.DEFLATE, level, raw, raw.length);
        }
    }

    private static Part part(byte[] file, int k) {
        FileSections sections = FileSections.of(file);
        ChunkDirectory dir = sections.firstDirectory(0);
        SectionRef ref = new SectionRef(dir.partOffsets()[k], dir.partLengths()[k], null);
        byte[] raw = sections.read(SectionIds.chunkPart(0, dir.ordinals()[k], SectionIds.DEFAULT_GROUP), ref);
        int from = (int) ref.offset() + SectionEnvelope.SIZE;
        byte[] stored = Arrays.copyOfRange(file, from, (int) (ref.offset() + ref.length()));
        int columns = COLUMNS.size();
        int[] starts = dir.streamOffsets().length == 0 ? new int[0]
                : Arrays.copyOfRange(dir.streamOffsets(), k * columns, (k + 1) * columns);
        return new Part(raw, stored, starts);
    }

    @Test
    void whereLevelSixWinsTheFirstChunkTheLaterOnesUseItAlone() {
        byte[] file = write(items(), fourLetters(), WriteOptions.defaults());
        Part first = part(file, 0);
        assertThat(first.stored()).isEqualTo(first.compressed(Compression.DEFAULT_LEVEL))
                .isEqualTo(first.compressed(Compression.STANDARD_LEVEL));
        for (int k = 1; k < CHUNKS; k++) {
            Part later = part(file, k);
            // Here the second pass would have been the shorter: the chunk shows it did not run.
            assertThat(later.compressed(Compression.DEFAULT_LEVEL)).isNotEqualTo(later.compressed(Compression.STANDARD_LEVEL));
            assertThat(later.stored()).as("chunk %d", k).isEqualTo(later.compressed(Compression.STANDARD_LEVEL));
        }
        try (JazminReader reader = JazminReader.open(file)) {
            IntFunction<String> letters = fourLetters();
            IntFunction<String> firstItems = items();
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < CHUNKS * CHUNK_ROWS; i++) {
                expected.add(i < CHUNK_ROWS ? firstItems.apply(i) : letters.apply(i));
            }
            assertThat(reader.table().rows().map(r -> r.get("s")).toList()).isEqualTo(expected);
        }
    }

    @Test
    void whereTheSecondPassWinsTheFirstChunkEveryChunkKeepsTheShorter() {
        IntFunction<String> letters = fourLetters();
        byte[] file = write(letters, letters, WriteOptions.defaults());
        for (int k = 0; k < CHUNKS; k++) {
            Part p = part(file, k);
            assertThat(p.compressed(Compression.DEFAULT_LEVEL)).isNotEqualTo(p.compressed(Compression.STANDARD_LEVEL));
            assertThat(p.stored()).as("chunk %d", k).isEqualTo(p.compressed(Compression.DEFAULT_LEVEL));
        }
    }

    @Test
    void withFlushPointsFixedByTheOptionsEveryChunkKeepsTheShorter() {
        for (boolean points : new boolean[] {true, false}) {
            byte[] file = write(items(), fourLetters(), WriteOptions.defaults().withColumnFlushPoints(points));
            for (int k = 1; k < CHUNKS; k++) {
                Part later = part(file, k);
                assertThat(later.streamStarts().length > 0).isEqualTo(points);
                assertThat(later.stored()).as("points %s, chunk %d", points, k)
                        .isEqualTo(later.compressed(Compression.DEFAULT_LEVEL))
                        .isNotEqualTo(later.compressed(Compression.STANDARD_LEVEL));
            }
        }
    }
}
