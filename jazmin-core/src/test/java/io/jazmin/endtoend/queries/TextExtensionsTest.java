package io.jazmin.endtoend.queries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.schema.IndexKind;
import io.jazmin.JazminReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.JazminWriter;
import io.jazmin.data.RowQuery;
import io.jazmin.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The library's text-operator extensions (endsWith, ieq, istartsWith, iendsWith) with and without a trigram index. */
class TextExtensionsTest {
    private static final List<String> NAMES = List.of("Ann Smith", "ANN SMITHERS", "bob jones", "Smith", "smith",
            "Thabo van Wyk", "\u212Aelvin", "kelvin Smith", "");

    @TempDir
    Path dir;

    @Test
    void textExtensionsMatchPlainJavaStringTestsWithAndWithoutIndex() {
        for (boolean indexed : new boolean[] {false, true}) {
            Path file = write(indexed);
            try (JazminReader reader = JazminReader.open(file)) {
                check(reader, Filter.endsWith("name", "Smith"), s -> s.endsWith("Smith"));
                check(reader, Filter.equalsIgnoreCase("name", "SMITH"), s -> lower(s).equals("smith"));
                check(reader, Filter.startsWithIgnoreCase("name", "ann"), s -> lower(s).startsWith("ann"));
                check(reader, Filter.endsWithIgnoreCase("name", "SMITH"), s -> lower(s).endsWith("smith"));
                check(reader, Filter.parse("{\"name\":{\"istartsWith\":\"KEL\"}}"), s -> lower(s).startsWith("kel"));
            }
        }
    }

    @Test
    void extensionsApplyToStringColumnsOnly() {
        try (JazminReader reader = JazminReader.open(write(false))) {
            assertThatThrownBy(() -> reader.table().count(Filter.endsWith("id", "1")))
                    .isInstanceOf(JazminValidationException.class)
                    .hasMessage("Invalid filter: 'endsWith' only applies to string columns");
        }
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    private static void check(JazminReader reader, Filter filter, Predicate<String> expected) {
        List<String> found = reader.table().find(filter, RowQuery.all().withSelect(List.of("name")))
                .map(r -> r.getString("name")).toList();
        assertThat(found).as(filter.toJson()).isEqualTo(NAMES.stream().filter(expected).toList());
        assertThat(reader.table().count(filter)).isEqualTo(found.size());
    }

    private Path write(boolean indexed) {
        Path file = dir.resolve(indexed ? "indexed.jzm" : "plain.jzm");
        WriteOptions options = WriteOptions.defaults().withChunkRows(3);
        if (indexed) {
            options = options.withIndex("name", IndexKind.TRIGRAM);
        }
        try (JazminWriter w = JazminWriter.create(file,
                List.of(Column.required("id", ColumnType.INT), Column.of("name", ColumnType.STRING)), options)) {
            for (int i = 0; i < NAMES.size(); i++) {
                w.writeValues((long) i, NAMES.get(i));
            }
            w.finish();
        }
        return file;
    }
}
