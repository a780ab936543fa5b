package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.schema.ColumnType;
import io.jazmin.JazminReader;
import io.jazmin.options.WriteOptions;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Issue 5: a record using every type of typed-values.md §3.2 survives write + read exactly (NaN
 * compared by bits), edge values included, with json columns and with nested columns.
 */
class MappingRoundTripPropertyTest {
    private static final JazminMapper<AllTypes> MAPPER = JazminMapper.forType(AllTypes.class);
    private static final JazminMapper<AllTypes> NESTED = JazminMapper.forType(AllTypes.class,
            MappingOptions.defaults().withNestedColumns(true));

    @Property(tries = 30)
    void everyTypeRoundTrips(@ForAll long seed, @ForAll @IntRange(min = 1, max = 25) int rows) throws IOException {
        roundTrip(MAPPER, new AllTypesGenerator(seed), rows);
    }

    @Property(tries = 15)
    void everyTypeRoundTripsAsNestedColumns(@ForAll long seed, @ForAll @IntRange(min = 1, max = 25) int rows)
            throws IOException {
        assertThat(NESTED.schema().column("zonedDateTime").type()).isEqualTo(ColumnType.OBJECT);
        assertThat(NESTED.schema().column("addresses").type()).isEqualTo(ColumnType.LIST);
        roundTrip(NESTED, new AllTypesGenerator(seed, true), rows);
    }

    private static void roundTrip(JazminMapper<AllTypes> mapper, AllTypesGenerator gen, int rows) throws IOException {
        List<AllTypes> written = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            written.add(gen.next(i));
        }
        Path file = Files.createTempFile("alltypes", ".jzm");
        try {
            mapper.write(file, written, WriteOptions.defaults().withChunkRows(7));
            try (JazminReader reader = JazminReader.open(file)) {
                List<AllTypes> read = mapper.table(reader).stream().toList();
                assertThat(read).hasSameSizeAs(written);
                for (int i = 0; i < rows; i++) {
                    assertSameValues(read.get(i), written.get(i));
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Component by component with {@link Objects#deepEquals} (arrays by content; doubles through
     * {@code Double.equals}, i.e. by bits: NaN equals NaN, −0.0 differs from 0.0). URLs are compared
     * by text ({@code URL.equals} resolves host names) and patterns by text and flags (they have
     * no {@code equals}).
     */
    static void assertSameValues(Record actual, Record expected) {
        for (RecordComponent c : expected.getClass().getRecordComponents()) {
            Object a = comparable(get(c, actual));
            Object e = comparable(get(c, expected));
            assertThat(Objects.deepEquals(a, e) || (a instanceof java.nio.ByteBuffer && a.equals(e)))
                    .as("%s: %s vs %s", c.getName(), a, e).isTrue();
            if (a instanceof Double d) {
                assertThat(Double.doubleToLongBits(d)).as(c.getName()).isEqualTo(Double.doubleToLongBits((Double) e));
            }
        }
    }

    private static Object comparable(Object value) {
        if (value instanceof URL url) {
            return url.toExternalForm();
        }
        if (value instanceof Pattern p) {
            return p.pattern() + "/" + p.flags();
        }
        return value;
    }

    private static Object get(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
