package io.jazmin.spring.data.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/** Unknown sort properties and reads that would build huge lists fail with typed Spring exceptions. */
class ReadGuardsTests {
    record Item(@JazminId long id, String name) {
    }

    @TempDir
    Path dir;
    JazminFiles files;
    JazminTemplate template;

    @BeforeEach
    void setUp() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("items", dir.resolve("items.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        template.insert(LongStream.range(0, 50).mapToObj(i -> new Item(i, "n" + i)).toList());
    }

    @AfterEach
    void tearDown() {
        files.destroy();
    }

    @Test
    void anUnknownSortPropertyIsAPropertyReferenceException() {
        assertThatThrownBy(() -> template.find(JazminQuery.all().withSort(Sort.by("nosuch")), Item.class))
                .isInstanceOf(PropertyReferenceException.class).hasMessageContaining("nosuch")
                .hasMessageContaining("Item");
        assertThatThrownBy(() -> template.page(JazminQuery.all(), PageRequest.of(0, 5, Sort.by("nosuch")), Item.class))
                .isInstanceOf(PropertyReferenceException.class);
        assertThat(template.find(JazminQuery.all().withSort(Sort.by(Sort.Direction.DESC, "id")).withLimit(1),
                Item.class)).containsExactly(new Item(49, "n49"));
    }

    @Test
    void listsLongerThanMaxResultRowsFail() {
        assertThat(template.getMaxResultRows()).isEqualTo(JazminTemplate.DEFAULT_MAX_RESULT_ROWS);
        template.setMaxResultRows(10);
        assertThatThrownBy(() -> template.find(JazminQuery.all(), Item.class))
                .isInstanceOf(TooManyResultsException.class).hasMessageContaining("'items'")
                .hasMessageContaining("more than 10 rows");
        assertThatThrownBy(() -> template.find("items", JazminQuery.all()))
                .isInstanceOf(TooManyResultsException.class);
        assertThat(template.find(JazminQuery.all().withLimit(10), Item.class)).hasSize(10);
        assertThat(template.page(JazminQuery.all(), PageRequest.of(1, 10), Item.class).getTotalElements())
                .isEqualTo(50);
        try (Stream<Item> all = template.stream(JazminQuery.all(), Item.class)) {
            assertThat(all.count()).isEqualTo(50); // streams are not limited
        }
    }
}
