package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.ColumnArrays;
import io.jazmin.data.RowQuery;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.ChunkDirectory;
import io.jazmin.options.ColumnFlushPoints;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.FileSections;
import io.jazmin.testing.Written;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunk parts of several stored blocks read for their first columns only (inflated block by block):
 * the same values as a whole read, and damage past what is inflated still refused, typed.
 */
class LargePartLazyReadTest {
    private static final int ROWS = 3000;
    private static final int TEXTS = 12;
    private static final ReadOptions NO_CACHE = ReadOptions.defaults().withSharedCache(false);
    private static final byte[] FILE = file();

    @TempDir
    Path dir;

    private static byte[] file() {
        List<Column> columns = new ArrayList<>();
        columns.add(Column.required("id", ColumnType.INT));
        for (int c = 0; c < TEXTS; c++) {
            columns.add(Column.of("t" + c, ColumnType.STRING));
        }
        Random random = new Random(3);
        List<List<?>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            List<Object> row = new ArrayList<>();
            row.add((long) i);
            for (int c = 0; c < TEXTS; c++) {
                StringBuilder text = new StringBuilder();
                for (int k = 0; k < 30; k++) {
                    text.append((char) ('a' + random.nextInt(16)));
                }
                row.add(text.toString());
            }
            rows.add(row);
        }
        return Written.file(columns, rows, WriteOptions.defaults()
                .withColumnFlushPoints(ColumnFlushPoints.NEVER).withChunkRows(1500));
    }

    private Path onDisk(byte[] bytes) throws IOException {
        return Files.write(dir.resolve("large.jzm"), bytes);
    }

    private static long[] ids(JazminReader reader) {
        ColumnArrays arrays = reader.table().columnArrays(null, RowQuery.all().withSelect(List.of("id")));
        return (long[]) arrays.values("id");
    }

    @Test
    void theFirstColumnOfLargePartsReadsAsWritten() throws IOException {
        ChunkDirectory directory = FileSections.of(FILE).firstDirectory(0);
        assertThat(directory.partLengths()[0]).as("a part of several blocks").isGreaterThan(3 << 16);
        try (JazminReader reader = JazminReader.open(onDisk(FILE), NO_CACHE)) {
            assertThat(ids(reader)).isEqualTo(LongStream.range(0, ROWS).toArray());
            assertThat(reader.table().rows().skip(ROWS - 1).findFirst().orElseThrow().get("t11"))
                    .isInstanceOf(String.class);
        }
    }

    @Test
    void damageAtAPartsEndIsFoundByAReadOfItsFirstColumn() throws IOException {
        ChunkDirectory directory = FileSections.of(FILE).firstDirectory(0);
        byte[] damaged = FILE.clone();
        damaged[(int) (directory.partOffsets()[0] + directory.partLengths()[0] - 5)] ^= 0x04;
        try (JazminReader reader = JazminReader.open(onDisk(damaged), NO_CACHE)) {
            assertThatThrownBy(() -> ids(reader)).isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("CRC-32 mismatch");
        }
        try (JazminReader reader = JazminReader.open(damaged, NO_CACHE)) {
            assertThatThrownBy(() -> ids(reader)).isInstanceOf(JazminFormatException.class)
                    .hasMessageContaining("CRC-32 mismatch");
        }
    }
}
