package io.jazmin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.mapping.MappingException;
import io.jazmin.mapping.TypeSchema;
import io.jazmin.mapping.annotation.JazminIndex;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each index kind asks of its column, decided per kind (writer and mapper), and which kinds a
 * file's sort order serves, so that no index of such a kind is built on the leading sort column.
 */
class IndexDeclarationTest {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("name", ColumnType.STRING), Column.of("photo", ColumnType.BINARY));

    @TempDir
    Path dir;

    private static Iterator<Map<String, Object>> rows() {
        return LongStream.range(0, 20).mapToObj(i -> Map.<String, Object>of("id", i, "name", "n" + i)).iterator();
    }

    @Test
    void onlySortedIndexesAreServedByTheSortOrder() {
        assertThat(IndexKind.SORTED.servedBySortOrder()).isTrue();
        assertThat(IndexKind.TRIGRAM.servedBySortOrder()).isFalse();
    }

    @Test
    void theWriterBuildsNoSortedIndexOnTheLeadingSortColumnButKeepsTheOthers() {
        Path file = dir.resolve("sorted.jzm");
        JazminWriter.write(file, COLUMNS, WriteOptions.defaults().withSortedBy(List.of("id"))
                .withIndex("id", IndexKind.SORTED).withIndex("name", IndexKind.SORTED)
                .withIndex("name", IndexKind.TRIGRAM), rows());
        try (JazminReader reader = JazminReader.open(file)) {
            assertThat(reader.table().indexes()).extracting(IndexInfo::column, IndexInfo::kind)
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("name", "sorted"),
                            org.assertj.core.groups.Tuple.tuple("name", "trigram"));
        }
    }

    @Test
    void theWriterRefusesAKindTheColumnCannotHoldNamingWhatItNeeds() {
        Path file = dir.resolve("refused.jzm");
        assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS,
                WriteOptions.defaults().withIndex("id", IndexKind.TRIGRAM), rows()))
                .isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("a trigram index needs a string column; 'id' is int");
        assertThatThrownBy(() -> JazminWriter.write(file, COLUMNS,
                WriteOptions.defaults().withIndex("photo", IndexKind.SORTED), rows()))
                .isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("a sorted index needs an ordered column; 'photo' is binary");
        assertThat(Files.exists(file)).isFalse();
    }

    record Tagged(@JazminIndex({IndexKind.SORTED, IndexKind.TRIGRAM}) String name, long id) {
    }

    record TrigramOnNumber(@JazminIndex(IndexKind.TRIGRAM) long id) {
    }

    record SortedOnBytes(@JazminIndex byte[] photo) {
    }

    @Test
    void theMapperChecksEachKindAgainstTheMembersColumn() {
        assertThat(JazminMapper.forType(Tagged.class).schema().indexes()).containsExactly(
                new TypeSchema.Index("name", IndexKind.SORTED), new TypeSchema.Index("name", IndexKind.TRIGRAM));
        assertThatThrownBy(() -> JazminMapper.forType(TrigramOnNumber.class))
                .isInstanceOf(MappingException.class).hasMessageContaining("trigram index on id, which is not a string column");
        assertThatThrownBy(() -> JazminMapper.forType(SortedOnBytes.class))
                .isInstanceOf(MappingException.class).hasMessageContaining("photo is a binary column, which cannot be indexed");
    }
}
