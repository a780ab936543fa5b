package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.compress.DefaultDeflate;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.FlushedDeflate;
import io.jazmin.internal.compress.ValuePoints;
import io.jazmin.internal.compress.StreamSetting;
import io.jazmin.internal.parallel.FanOut;
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
 * The default Deflate setting keeps the shorter of two passes (level 6, level 9 FILTERED); with column
 * flush points it chooses stream by stream among the {@link StreamSetting}s, a costlier one only where
 * shorter by more than 0.1 %. A table's first chunk decides what its later chunk parts run alone: with
 * points, each stream's setting; without, level 6 unless the second pass made the first part. Where a
 * setting loses on the first chunk it nearly always loses on the rest (every chunk of the benchmark's
 * wide table).
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

    /** Text over four letters, a third of the rows repeating an earlier one, on which level 9 FILTERED is the shorter. */
    private static IntFunction<String> fourLetters() {
        return fourLetters(33);
    }

    /** Text over four letters, {@code repeatPercent} % of the rows repeating an earlier row's. */
    private static IntFunction<String> fourLetters(int repeatPercent) {
        Random random = new Random(11);
        List<String> seen = new ArrayList<>();
        return i -> {
            String value;
            if (!seen.isEmpty() && random.nextInt(100) < repeatPercent) {
                value = seen.get(random.nextInt(seen.size()));
            } else {
                char[] c = new char[24];
                for (int k = 0; k < c.length; k++) {
                    c[k] = "acgt".charAt(random.nextInt(4));
                }
                value = new String(c);
            }
            seen.add(value);
            return value;
        };
    }

    private static byte[] write(IntFunction<String> first, IntFunction<String> rest, WriteOptions options) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < CHUNKS * CHUNK_ROWS; i++) {
            rows.add(List.of((long) i, i < CHUNK_ROWS ? first.apply(i) : rest.apply(i)));
        }
        return Written.file(COLUMNS, rows, options.withChunkRows(CHUNK_ROWS));
    }

    /**
     * Chunk {@code k}'s part: its raw payload, its stored (compressed) bytes, the raw offsets of its pieces
     * (each column stream's start and, in streams long enough, its value points) and each piece's stream.
     */
    private record Part(byte[] raw, byte[] stored, int[] streamStarts, int[] pieceStream) {
        /** The part's payload compressed at {@code level} as the writer would, with its flush points if it has them. */
        byte[] compressed(int level) {
            return streamStarts.length > 0
                    ? FlushedDeflate.deflate(level, raw, raw.length, streamStarts, pieceStream, FanOut.CALLER_ONLY).bytes()
                    : Compression.compress(Codec.DEFLATE, level, raw, raw.length);
        }

        /** The part's payload compressed in one pass, each stream (all its pieces) with the setting {@code settings} gives it. */
        byte[] compressed(StreamSetting[] settings) {
            StreamSetting[] perPiece = new StreamSetting[streamStarts.length];
            for (int p = 0; p < perPiece.length; p++) {
                perPiece[p] = settings[pieceStream[p]];
            }
            return FlushedDeflate.deflate(perPiece, raw, raw.length, streamStarts).bytes();
        }

        /** Per stream, the setting the default choice takes on this part (on its first piece, as the writer keeps it). */
        StreamSetting[] shorterPasses() {
            StreamSetting[] perPiece = FlushedDeflate.deflate(Compression.DEFAULT_LEVEL, raw, raw.length, streamStarts,
                    pieceStream, FanOut.CALLER_ONLY).settings();
            StreamSetting[] out = new StreamSetting[pieceStream[pieceStream.length - 1] + 1];
            for (int p = perPiece.length - 1; p >= 0; p--) {
                out[pieceStream[p]] = perPiece[p];
            }
            return out;
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
        if (dir.streamOffsets().toArray().length == 0) {
            return new Part(raw, stored, new int[0], new int[0]);
        }
        FlushPoints flush = FlushPoints.of(dir.streamOffsets().toArray(), dir.streamStoredOffsets().toArray(), k * columns, columns);
        ValuePoints points = ValuePoints.part(dir.valuePoints(), k, flush);
        List<Integer> pieces = new ArrayList<>();
        List<Integer> streams = new ArrayList<>();
        for (int s = 0; s < columns; s++) {
            pieces.add(flush.raw(s));
            streams.add(s);
            for (int i = 0; points != null && i < points.count(s); i++) {
                pieces.add(points.raw(s, i));
                streams.add(s);
            }
        }
        return new Part(raw, stored, pieces.stream().mapToInt(Integer::intValue).toArray(),
                streams.stream().mapToInt(Integer::intValue).toArray());
    }

    @Test
    void whereLevelSixWinsTheFirstChunkTheLaterOnesUseItAlone() {
        byte[] file = write(items(), fourLetters(), WriteOptions.defaults());
        Part first = part(file, 0);
        // The first chunk's pieces (with value points, a stream's first 512 values are one) are won by level 6
        // or a cheaper setting, never by the second pass.
        assertThat(first.stored()).isEqualTo(first.compressed(Compression.DEFAULT_LEVEL));
        for (int k = 1; k < CHUNKS; k++) {
            Part later = part(file, k);
            // Here the second pass would have been the shorter: the chunk shows it did not run.
            assertThat(later.compressed(Compression.DEFAULT_LEVEL)).isNotEqualTo(later.compressed(DefaultDeflate.STANDARD_LEVEL));
            // Each stream with the setting that won it on the first chunk (no level 9 FILTERED there), in one pass:
            // with value points a stream's first piece names it, which may be a cheaper setting giving level 6's bytes.
            StreamSetting[] chosen = first.shorterPasses();
            assertThat(chosen).doesNotContain(StreamSetting.FILTERED);
            assertThat(later.stored()).as("chunk %d", k).isEqualTo(later.compressed(chosen));
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
    void eachStreamOfTheLaterChunksRunsThePassThatWonItInTheFirst() {
        IntFunction<String> letters = fourLetters();
        // Four letters first (the second pass wins the text stream), numbered items after (a lighter search wins).
        byte[] file = write(letters, items(), WriteOptions.defaults());
        Part first = part(file, 0);
        assertThat(first.streamStarts()).as("the first chunk keeps its flush points").isNotEmpty();
        StreamSetting[] chosen = first.shorterPasses();
        assertThat(chosen[1]).as("the text stream's second pass").isEqualTo(StreamSetting.FILTERED);
        assertThat(first.stored()).isEqualTo(first.compressed(Compression.DEFAULT_LEVEL));
        for (int k = 1; k < CHUNKS; k++) {
            Part later = part(file, k);
            assertThat(later.shorterPasses()[1]).as("a lighter setting wins chunk %d's text stream", k)
                    .isIn(StreamSetting.FAST, StreamSetting.LEVEL_5, StreamSetting.STANDARD);
            // One pass with the first chunk's choice, not the shorter of two.
            assertThat(later.stored()).as("chunk %d", k).isEqualTo(later.compressed(chosen))
                    .isNotEqualTo(later.compressed(Compression.DEFAULT_LEVEL));
        }
    }

    @Test
    void aStreamWithoutRepeatsGetsHuffmanCodesAloneOnEveryChunk() {
        // Unique four-letter values: matches only cost bits, as in the benchmark's balances.
        IntFunction<String> unique = fourLetters(0);
        byte[] file = write(unique, unique, WriteOptions.defaults());
        StreamSetting[] chosen = part(file, 0).shorterPasses();
        assertThat(chosen[1]).isEqualTo(StreamSetting.HUFFMAN_ONLY);
        for (int k = 0; k < CHUNKS; k++) {
            Part part = part(file, k);
            assertThat(part.stored()).as("chunk %d", k).isEqualTo(part.compressed(chosen));
            assertThat(part.stored().length).isLessThan(part.compressed(DefaultDeflate.STANDARD_LEVEL).length);
        }
        try (JazminReader reader = JazminReader.open(file)) {
            IntFunction<String> letters = fourLetters(0);
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < CHUNKS * CHUNK_ROWS; i++) {
                expected.add(letters.apply(i));
            }
            assertThat(reader.table().rows().map(r -> r.get("s")).toList()).isEqualTo(expected);
        }
    }

    @Test
    void askedForPointsTheFirstChunkStillDecidesRefusedEveryChunkKeepsTheShorter() {
        byte[] always = write(fourLetters(), items(), WriteOptions.defaults().withColumnFlushPoints(true));
        StreamSetting[] chosen = part(always, 0).shorterPasses();
        for (int k = 1; k < CHUNKS; k++) {
            Part later = part(always, k);
            assertThat(later.stored()).as("points, chunk %d", k).isEqualTo(later.compressed(chosen))
                    .isNotEqualTo(later.compressed(Compression.DEFAULT_LEVEL));
        }
        // Without points (the reference writer's layout) nothing is decided: both passes on every part.
        byte[] never = write(items(), fourLetters(), WriteOptions.defaults().withColumnFlushPoints(false));
        for (int k = 1; k < CHUNKS; k++) {
            Part later = part(never, k);
            assertThat(later.streamStarts()).isEmpty();
            assertThat(later.stored()).as("no points, chunk %d", k)
                    .isEqualTo(later.compressed(Compression.DEFAULT_LEVEL))
                    .isNotEqualTo(later.compressed(DefaultDeflate.STANDARD_LEVEL));
        }
    }
}
