package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.mapping.JavaCells;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.JavaCellSamples;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Spring's operands and projections convert every Java type of the engine's table as the object
 * mapping stores it, and back: {@link CellValues} keeps no second table.
 */
class CellValuesTests {
    @Test
    void everyJavaTypeOfTheTableRoundTrips() {
        for (Map.Entry<Class<?>, List<Object>> e : JavaCellSamples.values().entrySet()) {
            Class<?> type = e.getKey();
            ColumnType column = JavaCells.columnType(type);
            assertThat(CellValues.readsAs(type)).as("reads %s", type).isTrue();
            for (Object value : e.getValue()) {
                Object cell = CellValues.toCell(value);
                assertThat(cell).as("cell of %s %s", type.getSimpleName(), value).isInstanceOf(column.valueClass());
                assertThat(JavaCellSamples.same(cell, JavaCells.toOperand(value))).as("%s as the table stores it", value)
                        .isTrue();
                Object back = CellValues.fromCell(cell, type);
                assertThat(JavaCellSamples.same(back, value)).as("%s came back as %s", value, back).isTrue();
            }
        }
    }

    @Test
    void enumsPrimitivesOptionalsAndCollections() {
        assertThat(CellValues.toCell(JavaCellSamples.Color.GREEN)).isEqualTo("GREEN");
        assertThat(CellValues.fromCell("RED", JavaCellSamples.Color.class)).isEqualTo(JavaCellSamples.Color.RED);
        assertThat(CellValues.fromCell(5L, int.class)).isEqualTo(5);
        assertThat(CellValues.toCell(Optional.of(3))).isEqualTo(3L);
        assertThat(CellValues.toCell(Optional.empty())).isNull();
        assertThat(CellValues.toCell(List.of(1, (short) 2))).isEqualTo(List.of(1L, 2L));
        assertThat(CellValues.toCell(new Object[] {JavaCellSamples.Color.RED, 2.5f})).isEqualTo(List.of("RED", 2.5));
    }

    @Test
    void operandsKeepWhatTheyCompare() {
        // An operand is compared, never stored: sub-millisecond digits stay (the engine compares exactly).
        assertThat(CellValues.toCell(LocalDateTime.parse("2024-01-02T03:04:05.000000500")))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05.000000500Z"));
        assertThat(CellValues.toCell(Date.from(Instant.EPOCH))).isEqualTo(Instant.EPOCH);
        assertThat(CellValues.toCell(new StringBuilder("ab"))).isEqualTo("ab");
        // A cell the table does not read the type from is left as it is.
        assertThat(CellValues.fromCell("text", Integer.class)).isEqualTo("text");
    }
}
