package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.Column;
import io.jazmin.JazminReader;
import io.jazmin.data.Row;
import io.jazmin.options.WriteOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JazminMapper#cellValue} (one member) and {@link JazminMapper#cells} (all of them) give, for
 * every member kind, exactly the cell the object writer
 * stores for it: the cells of appends, upserts and filter operands are built this way. Containers
 * once failed as a "cycle" because the member's own value was taken for the row's root object.
 */
class CellValueTest {
    enum Tier { GOLD, SILVER }

    record Address(String city, int zip) {
    }

    record Customer(long id, List<String> tags, Set<String> labels, Map<String, Integer> scores, Address address,
                    List<Address> previous, int[] lucky, Tier tier, BigDecimal balance, Instant seen,
                    Optional<String> nickname) {
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyMemberCellEqualsTheWrittenCell(boolean nestedColumns) {
        JazminMapper<Customer> mapper = JazminMapper.forType(Customer.class,
                MappingOptions.defaults().withNestedColumns(nestedColumns));
        Customer customer = new Customer(7, List.of("a", "b"), new TreeSet<>(Set.of("x", "y")),
                Map.of("math", 3), new Address("Lagos", 100001), List.of(new Address("Accra", 2)),
                new int[] {4, 2}, Tier.GOLD, new BigDecimal("12.50"), Instant.ofEpochMilli(1_700_000_000_000L),
                Optional.of("Ann"));
        Path file = dir.resolve("c.jzm");
        mapper.write(file, List.of(customer), WriteOptions.defaults());

        try (JazminReader reader = JazminReader.open(file)) {
            Row row = reader.table().rows().findFirst().orElseThrow();
            // All of them at once, in schema order, as appends and upserts take them.
            Map<String, Object> cells = mapper.cells(customer);
            assertThat(List.copyOf(cells.keySet())).isEqualTo(reader.table().columns().stream().map(Column::name)
                    .toList());
            for (Column column : reader.table().columns()) {
                assertThat(cells.get(column.name())).as("cells() of %s", column.name())
                        .isEqualTo(row.get(column.name()));
            }
            for (Column column : reader.table().columns()) {
                Object member = member(customer, column.name());
                assertThat(mapper.cellValue(column.name(), member))
                        .as("cell of member %s", column.name())
                        .isEqualTo(row.get(column.name()));
            }
        }
    }

    private static Object member(Customer c, String name) {
        return switch (name) {
            case "id" -> c.id();
            case "tags" -> c.tags();
            case "labels" -> c.labels();
            case "scores" -> c.scores();
            case "address" -> c.address();
            case "previous" -> c.previous();
            case "lucky" -> c.lucky();
            case "tier" -> c.tier();
            case "balance" -> c.balance();
            case "seen" -> c.seen();
            case "nickname" -> c.nickname();
            default -> throw new AssertionError("unexpected column " + name);
        };
    }
}
