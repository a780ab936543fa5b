package io.jazmin.internal.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The object mapper's one way to a table's engine: the accessor {@code JazminTable} registers, which nothing can replace. */
class TableAccessTest {
    @TempDir
    Path dir;

    @Test
    void theTableRegistersItsEngineAndNoOtherClassCan() {
        Path file = dir.resolve("t.jzm");
        try (JazminWriter w = JazminWriter.create(file, List.of(Column.of("n", ColumnType.INT)), WriteOptions.defaults())) {
            w.writeValues(1L);
            w.writeValues(2L);
            w.finish();
        }
        try (JazminReader reader = JazminReader.open(file)) {
            JazminTable table = reader.table();
            TableReader engine = TableAccess.engine(JazminTable.class, table);
            assertThat(engine.name()).isEqualTo(table.name());
            assertThat(engine.rowCount()).isEqualTo(2);
        }
        assertThatThrownBy(() -> TableAccess.register(String.class, s -> null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("io.jazmin.JazminTable");
        assertThatThrownBy(() -> TableAccess.engine(String.class, "forged")).isInstanceOf(IllegalStateException.class);
    }
}
