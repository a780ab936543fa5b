package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.ColumnType;
import io.jazmin.testing.JavaCellSamples;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one Java-to-cell table: every type it names, its column type, and the way back. */
class JavaCellsTest {
    @Test
    void theSamplesNameExactlyTheTypesOfTheTable() {
        assertThat(JavaCellSamples.values().keySet()).containsExactlyInAnyOrderElementsOf(JavaCells.types());
    }

    @Test
    void everyValueBecomesACellOfItsColumnTypeAndComesBack() {
        for (Map.Entry<Class<?>, List<Object>> e : JavaCellSamples.values().entrySet()) {
            Class<?> type = e.getKey();
            ColumnType column = JavaCells.columnType(type);
            assertThat(column.isNested()).as("%s is scalar", type).isFalse();
            for (Object value : e.getValue()) {
                Object cell = JavaCells.toCell(value);
                assertThat(cell).as("cell of %s", value).isInstanceOf(column.valueClass());
                assertThat(JavaCells.isCell(cell)).isTrue();
                Object back = JavaCells.fromCell(cell, type);
                assertThat(JavaCellSamples.same(back, value)).as("%s came back as %s", value, back).isTrue();
            }
        }
    }

    @Test
    void primitivesAndEnumsAreNamedToo() {
        assertThat(JavaCells.columnType(int.class)).isEqualTo(ColumnType.INT);
        assertThat(JavaCells.fromCell(7L, short.class)).isEqualTo((short) 7);
        assertThat(JavaCells.columnType(JavaCellSamples.Color.class)).isEqualTo(ColumnType.STRING);
        assertThat(JavaCells.toCell(JavaCellSamples.Color.GREEN)).isEqualTo("GREEN");
        assertThat(JavaCells.fromCell("RED", JavaCellSamples.Color.class)).isEqualTo(JavaCellSamples.Color.RED);
        assertThat(JavaCells.names(Object.class)).isFalse();
        assertThat(JavaCells.names(List.class)).isFalse();
    }

    @Test
    void theCellsAreTheMappersOwn() {
        // Storage types the mapper documents: int narrowing, decimals of seconds, UTC wall clocks.
        assertThat(JavaCells.toCell(3)).isEqualTo(3L);
        assertThat(JavaCells.toCell(Duration.ofMillis(1500))).isEqualTo(new BigDecimal("1.500000000"));
        assertThat(JavaCells.toCell(LocalDateTime.parse("2024-01-02T03:04:05")))
                .isEqualTo(Instant.parse("2024-01-02T03:04:05Z"));
    }

    @Test
    void cellsAreStoredButOperandsAreComparedExactly() {
        LocalDateTime fine = LocalDateTime.parse("2024-01-02T03:04:05.000000500");
        assertThatThrownBy(() -> JavaCells.toCell(fine)).isInstanceOf(MappingException.class)
                .hasMessageContaining("sub-millisecond");
        assertThat(JavaCells.toOperand(fine)).isEqualTo(Instant.parse("2024-01-02T03:04:05.000000500Z"));
        // The thread's context is left storing again.
        assertThatThrownBy(() -> JavaCells.toCell(fine)).isInstanceOf(MappingException.class);
    }

    @Test
    void whatTheTableCannotConvertIsRefusedByName() {
        assertThatThrownBy(() -> JavaCells.toCell(new Object())).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("java.lang.Object");
        assertThatThrownBy(() -> JavaCells.fromCell("7", Integer.class)).isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("not a cell of type int");
        assertThatThrownBy(() -> JavaCells.fromCell(1L << 40, Integer.class)).isInstanceOf(MappingException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> JavaCells.fromCell("BLUE", JavaCellSamples.Color.class))
                .isInstanceOf(MappingException.class).hasMessageContaining("BLUE");
    }
}
