package io.jazmin.spring.data.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Placeholders in declared filters: where they are recognised and what they bind to. */
class FilterTemplateTests {
    private final JazminPersistentEntity<?> people =
            new JazminMappingContext().getRequiredPersistentEntity(Person.class);

    private String bound(String text, Object... values) {
        return FilterTemplate.parse(text, people, "M.m").bind(i -> values[i]).toJson();
    }

    @Test
    void namedPlaceholdersAreNotKeySeparators() {
        FilterTemplate t = FilterTemplate.parse("{\"name\"::n,\"age\" : { \"gt\" : :a }}", people, "M.m");
        assertThat(t.placeholders()).extracting(Object::toString).containsExactly(":n", ":a");
        assertThat(t.bind(i -> i == 0 ? "Ann" : 3).toJson())
                .isEqualTo("{\"and\":[{\"name\":{\"eq\":\"Ann\"}},{\"age\":{\"gt\":3}}]}");
    }

    @Test
    void placeholdersInsideStringsAreText() {
        assertThat(bound("{\"name\": \"?0 :x \\\" ?1\"}")).isEqualTo("{\"name\":{\"eq\":\"?0 :x \\\" ?1\"}}");
    }

    @Test
    void propertiesBecomeColumnsAndValuesCells() {
        assertThat(bound("{\"country\": ?0, \"born\": {\"lt\": ?1}, \"level\": ?2}", "NA", LocalDate.of(2020, 1, 2),
                Person.Level.HIGH)).isEqualTo("{\"and\":[{\"nation\":{\"eq\":\"NA\"}},"
                + "{\"born\":{\"lt\":\"2020-01-02T00:00:00Z\"}},{\"level\":{\"eq\":\"HIGH\"}}]}");
    }

    @Test
    void inTakesCollectionsArraysAndSingleValues() {
        assertThat(bound("{\"id\": {\"in\": ?0}}", List.of(1, 2))).isEqualTo("{\"id\":{\"in\":[1,2]}}");
        assertThat(bound("{\"id\": {\"in\": ?0}}", (Object) new Long[] {4L})).isEqualTo("{\"id\":{\"in\":[4]}}");
        assertThat(bound("{\"id\": {\"in\": [?0, 7, ?1]}}", 1, List.of(2, 3)))
                .isEqualTo("{\"id\":{\"in\":[1,7,2,3]}}");
    }

    @Test
    void nullMeansIsNullForEqualityAndIsNotNullForNe() {
        assertThat(bound("{\"name\": ?0}", (Object) null)).isEqualTo("{\"name\":{\"isNull\":true}}");
        assertThat(bound("{\"name\": {\"ne\": ?0}}", (Object) null)).isEqualTo("{\"name\":{\"isNull\":false}}");
    }

    @Test
    void placeholdersAreValuesNotNames() {
        assertThatThrownBy(() -> FilterTemplate.parse("{?0: 1}", people, "M.m"))
                .isInstanceOf(UnsupportedQueryException.class).hasMessageContaining("M.m")
                .hasMessageContaining("placeholders stand for values");
    }
}
