package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import org.junit.jupiter.api.Test;

/**
 * Mappers are cached per class and options, and the mapping API fails only with typed
 * {@link io.jazmin.error.JazminException}s that keep their cause.
 */
class MapperCacheAndErrorsTest {
    record Point(long id, int x) {
    }

    @Test
    void oneMapperPerTypeAndOptions() {
        JazminMapper<Point> first = JazminMapper.forType(Point.class);
        assertThat(JazminMapper.forType(Point.class)).isSameAs(first);
        assertThat(JazminMapper.forType(Point.class, MappingOptions.defaults())).isSameAs(first);
        MappingOptions shallow = MappingOptions.defaults().withMaxDepth(2);
        JazminMapper<Point> other = JazminMapper.forType(Point.class, shallow);
        assertThat(other).isNotSameAs(first);
        assertThat(JazminMapper.forType(Point.class, shallow)).isSameAs(other);
    }

    @Test
    void anUnknownColumnIsAValidationError() {
        JazminMapper<Point> mapper = JazminMapper.forType(Point.class);
        assertThatThrownBy(() -> mapper.cellValue("y", 1))
                .isInstanceOf(JazminValidationException.class)
                .hasMessageContaining("stores no member in column 'y'");
        assertThatThrownBy(() -> mapper.schema().column("y"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("no column 'y'");
    }

    @Test
    void aValueOfTheWrongTypeKeepsItsCause() {
        assertThatThrownBy(() -> JazminMapper.forType(Point.class).cellValue("x", "not an int"))
                .isInstanceOf(MappingException.class)
                .satisfies(e -> assertThat(((MappingException) e).reason()).isEqualTo(MappingException.Reason.TYPE_MISMATCH))
                .hasCauseInstanceOf(ClassCastException.class);
    }

    @Test
    void badOptionsAreValidationErrors() {
        assertThatThrownBy(() -> MappingOptions.defaults().withMaxDepth(0)).isInstanceOf(JazminValidationException.class);
        assertThatThrownBy(() -> MappingOptions.defaults().withMaxItems(-1)).isInstanceOf(JazminValidationException.class);
        SubtypeRegistry once = SubtypeRegistry.none().with(Object.class, "p", Point.class);
        assertThatThrownBy(() -> once.with(Object.class, "p", Point.class)).isInstanceOf(JazminValidationException.class);
    }
}
