package io.jazmin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.catalog.ColumnStatistics;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Codec;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.CraftedFiles;
import io.jazmin.testing.Written;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands of issue 30 on files crafted to lie about their rows: the uncrafted file prints the
 * right answer, the crafted one fails with exit code 3 and a message naming what is inconsistent,
 * printing no answer at all.
 */
class CraftedFileCommandsTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT));
    private static final WriteOptions PLAIN = WriteOptions.defaults().withCodec(Codec.NONE).withChunkRows(5)
            .withColumnFlushPoints(false);

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    private static byte[] file(long... ids) {
        return Written.file(COLUMNS, LongStream.of(ids).<List<Object>>mapToObj(id -> List.of(id)).toList(), PLAIN);
    }

    private static void assertRefused(CliRun run, String message) {
        assertThat(run.code()).as(run.out()).isEqualTo(ExitCodes.UNREADABLE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("jazmin: ").contains(message);
    }

    /** Every chunk's min and max swapped: {@code count --where {"id":{"gt":3}}} printed 0. */
    @Test
    void countOnCrossedStatistics() throws Exception {
        byte[] plain = file(LongStream.rangeClosed(1, 10).toArray());
        String where = "{\"id\":{\"gt\":3}}";
        assertThat(CliRun.of("count", write("plain.jzm", plain).toString(), "--where", where).out()).isEqualTo("7\n");

        Path crafted = write("crossed.jzm", CraftedFiles.withStatistics(plain, 0,
                s -> new ColumnStatistics(s.nullCounts(), s.max(), s.min(), s.leaves())));
        assertRefused(CliRun.of("count", crafted.toString(), "--where", where), "the min sorts after the max");
        assertRefused(CliRun.of("find", crafted.toString(), "--where", "{\"id\":5}"), "the min sorts after the max");
    }

    /** Rows 6..10 then 1..5 claiming {@code sorted_by id}: {@code rows --order-by id --limit 3} printed 6, 7, 8. */
    @Test
    void rowsOrderedAlongABrokenSortedBy() throws Exception {
        byte[] plain = file(6, 7, 8, 9, 10, 1, 2, 3, 4, 5);
        CliRun right = CliRun.of("rows", write("plain.jzm", plain).toString(), "--order-by", "id", "--limit", "3");
        assertThat(JsonLines.parse(right.out()).stream().map(n -> n.get("id").asLong()).toList())
                .containsExactly(1L, 2L, 3L);

        Path crafted = write("unsorted.jzm", CraftedFiles.withSortedBy(plain, List.of("id")));
        assertRefused(CliRun.of("rows", crafted.toString(), "--order-by", "id", "--limit", "3"),
                "breaks its sorted_by [id]");
    }
}
