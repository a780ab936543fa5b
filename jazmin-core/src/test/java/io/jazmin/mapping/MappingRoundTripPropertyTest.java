package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.WriteOptions;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Issue 5: a record using every supported type survives write + read exactly (NaN compared by bits). */
class MappingRoundTripPropertyTest {
    private static final JazminMapper<AllTypes> MAPPER = JazminMapper.forType(AllTypes.class);

    @Property(tries = 40)
    void everyTypeRoundTrips(@ForAll long seed, @ForAll @IntRange(min = 1, max = 30) int rows) throws IOException {
        AllTypesGenerator gen = new AllTypesGenerator(seed);
        List<AllTypes> written = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            written.add(gen.next(i));
        }
        Path file = Files.createTempFile("alltypes", ".jzm");
        try {
            MAPPER.write(file, written, WriteOptions.defaults().withChunkRows(7));
            try (JazminReader reader = JazminReader.open(file)) {
                List<AllTypes> read = MAPPER.table(reader).stream().toList();
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
     * {@code Double.equals}, i.e. by bits: NaN equals NaN, −0.0 differs from 0.0).
     */
    static void assertSameValues(Record actual, Record expected) {
        for (RecordComponent c : expected.getClass().getRecordComponents()) {
            Object a = get(c, actual);
            Object e = get(c, expected);
            assertThat(Objects.deepEquals(a, e) || (a instanceof java.nio.ByteBuffer && a.equals(e)))
                    .as("%s: %s vs %s", c.getName(), a, e).isTrue();
            if (a instanceof Double d) {
                assertThat(Double.doubleToLongBits(d)).as(c.getName()).isEqualTo(Double.doubleToLongBits((Double) e));
            }
        }
    }

    private static Object get(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
