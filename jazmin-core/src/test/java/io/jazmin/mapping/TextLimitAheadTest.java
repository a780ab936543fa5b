package io.jazmin.mapping;

import static io.jazmin.mapping.MappingPolicyTest.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.JazminWriter;
import io.jazmin.mapping.MappingException.Reason;
import io.jazmin.options.Parallelism;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.OtherThreadExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk's strings built by a read-ahead thread are not measured one by one against
 * {@link MappingOptions#maxTextLength()} when the bytes they were built from are within it
 * (ColumnVector.textsAtMost); a longer text of a chunk whose bytes are not is still refused, naming its
 * row and column, and texts under the limit in such a chunk are read.
 */
class TextLimitAheadTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("text", ColumnType.STRING));
    private static final int CHUNK_ROWS = 50;

    private static final ReadOptions AHEAD = ReadOptions.defaults().withSharedCache(false)
            .withParallelism(Parallelism.defaults().withMaxDegree(2).withExecutor(OtherThreadExecutor.INSTANCE));

    @TempDir
    Path dir;

    record Text(long id, String text) {
    }

    /** 200 rows of texts of 1 to 8 characters (two-byte characters in every third), one longer at {@code longAt}. */
    private Path written(int longAt, String longText) {
        Path file = dir.resolve("texts-" + longAt + ".jzm");
        try (JazminWriter w = JazminWriter.create(file, COLUMNS, WriteOptions.defaults().withChunkRows(CHUNK_ROWS))) {
            for (int i = 0; i < 200; i++) {
                w.writeValues((long) i, i == longAt ? longText : text(i));
            }
            w.finish();
        }
        return file;
    }

    private static String text(int i) {
        return (i % 3 == 0 ? "é" : "t").repeat(1 + i % 8) + (char) ('a' + i % 26);
    }

    private static List<Text> read(Path file, MappingOptions options) {
        try (JazminReader r = JazminReader.open(file, AHEAD);
             Stream<Text> rows = JazminMapper.forType(Text.class, options).table(r).stream()) {
            return rows.toList();
        }
    }

    @Test
    void aTextOverTheLimitIsRefusedInAChunkReadAhead() {
        MappingOptions tenChars = MappingOptions.defaults().withMaxTextLength(10);
        Path file = written(120, "x".repeat(11));
        assertRefused(() -> read(file, tenChars), Reason.SIZE_LIMIT, 120, "text");
        // Ten two-byte characters: 20 bytes, within the limit as characters.
        Path atLimit = written(120, "é".repeat(10));
        List<Text> back = read(atLimit, tenChars);
        assertThat(back).hasSize(200);
        assertThat(back.get(120).text()).isEqualTo("é".repeat(10));
        for (int i = 0; i < 200; i++) {
            if (i != 120) {
                assertThat(back.get(i)).isEqualTo(new Text(i, text(i)));
            }
        }
    }

    @Test
    void textsWithinTheLimitReadAsWithoutReadAhead() {
        Path file = written(-1, null);
        List<Text> ahead = read(file, MappingOptions.defaults());
        List<Text> oneThread;
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withMaxDegreeOfParallelism(1));
             Stream<Text> rows = JazminMapper.forType(Text.class).table(r).stream()) {
            oneThread = rows.toList();
        }
        assertThat(ahead).hasSize(200).isEqualTo(oneThread);
    }
}
