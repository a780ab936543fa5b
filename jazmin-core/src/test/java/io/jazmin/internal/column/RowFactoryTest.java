package io.jazmin.internal.column;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Row;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine's one way to make rows: the maker {@code Row} registers, which nothing can replace. */
class RowFactoryTest {
    @Test
    void rowsAreMadeByTheMakerRowRegistersAndNoOtherCanRegister() {
        RowFactory.Maker<Row> maker = RowFactory.of(Row.class);
        ColumnVector ids = ColumnVector.ofLongs(ColumnType.INT, 3, new long[] {10, 20, 30}, null);
        ColumnVector names = ColumnVector.ofObjects(ColumnType.STRING, 3, new Object[] {"a", "b", "c"});
        Row row = maker.make(new RowLayout(List.of(Column.of("id", ColumnType.INT), Column.of("name", ColumnType.STRING))),
                new ColumnVector[] {ids, names}, 1, 41);
        assertThat(row.rowId()).isEqualTo(41);
        assertThat(row.getLong("id")).isEqualTo(20);
        assertThat(row.toMap()).containsExactly(Map.entry("id", 20L), Map.entry("name", "b"));
        assertThat(Row.class.getConstructors()).as("no public constructor").isEmpty();
        assertThatThrownBy(() -> RowFactory.register(String.class, (layout, vectors, position, rowId) -> "forged", null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("io.jazmin.data.Row");
        assertThatThrownBy(() -> RowFactory.of(String.class)).isInstanceOf(IllegalStateException.class);
    }
}
