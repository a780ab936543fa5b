package io.jazmin.spring.data.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.JazminQuery;
import java.lang.reflect.Method;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/** The engine filter each derived method produces, and the methods refused at startup (issue 7). */
class JazminPartTreeQueryTests {
    private final JazminTemplate template = new JazminTemplate(new JazminFiles(List.of()), new JazminMappingContext());

    static Stream<Arguments> filters() {
        return Stream.of(
                Arguments.of("findByName", args("Ann"), "{\"name\":{\"eq\":\"Ann\"}}"),
                Arguments.of("findByName", args((Object) null), "{\"name\":{\"isNull\":true}}"),
                Arguments.of("findByCountryAndAgeGreaterThan", args("NA", 80),
                        "{\"and\":[{\"nation\":{\"eq\":\"NA\"}},{\"age\":{\"gt\":80}}]}"),
                Arguments.of("findByNameOrCountry", args("Ann", "ZA"),
                        "{\"or\":[{\"name\":{\"eq\":\"Ann\"}},{\"nation\":{\"eq\":\"ZA\"}}]}"),
                Arguments.of("findByNameNot", args("Ann"), "{\"name\":{\"ne\":\"Ann\"}}"),
                Arguments.of("findByAgeLessThan", args(30), "{\"age\":{\"lt\":30}}"),
                Arguments.of("findByAgeLessThanEqual", args(30), "{\"age\":{\"lte\":30}}"),
                Arguments.of("findByAgeGreaterThanEqual", args(30), "{\"age\":{\"gte\":30}}"),
                Arguments.of("findByAgeBetween", args(20, 30),
                        "{\"and\":[{\"age\":{\"gte\":20}},{\"age\":{\"lte\":30}}]}"),
                Arguments.of("findByBornBefore", args(LocalDate.of(2020, 1, 2)),
                        "{\"born\":{\"lt\":\"2020-01-02T00:00:00Z\"}}"),
                Arguments.of("findByBornAfter", args(LocalDate.of(2020, 1, 2)),
                        "{\"born\":{\"gt\":\"2020-01-02T00:00:00Z\"}}"),
                Arguments.of("findByCountryIn", args(List.of("NA", "ZA")), "{\"nation\":{\"in\":[\"NA\",\"ZA\"]}}"),
                Arguments.of("findByCountryNotIn", args(List.of("NA")), "{\"not\":{\"nation\":{\"in\":[\"NA\"]}}}"),
                Arguments.of("findByNameIsNull", args(), "{\"name\":{\"isNull\":true}}"),
                Arguments.of("findByNameIsNotNull", args(), "{\"name\":{\"isNull\":false}}"),
                Arguments.of("findByNameLike", args("%nn%"), "{\"name\":{\"contains\":\"nn\"}}"),
                Arguments.of("findByNameLike", args("An%"), "{\"name\":{\"startsWith\":\"An\"}}"),
                Arguments.of("findByNameLike", args("Ann"), "{\"name\":{\"eq\":\"Ann\"}}"),
                Arguments.of("findByNameNotLike", args("%nn%"), "{\"not\":{\"name\":{\"contains\":\"nn\"}}}"),
                Arguments.of("findByNameStartingWith", args("An"), "{\"name\":{\"startsWith\":\"An\"}}"),
                Arguments.of("findByNameContaining", args("nn"), "{\"name\":{\"contains\":\"nn\"}}"),
                Arguments.of("findByNameNotContaining", args("nn"), "{\"not\":{\"name\":{\"contains\":\"nn\"}}}"),
                Arguments.of("findByNameContainingIgnoreCase", args("NN"), "{\"name\":{\"icontains\":\"NN\"}}"),
                Arguments.of("findByNameEndingWith", args("nn"), "{\"name\":{\"endsWith\":\"nn\"}}"),
                Arguments.of("findByNameIgnoreCase", args("ANN"), "{\"name\":{\"ieq\":\"ANN\"}}"),
                Arguments.of("findByNameStartingWithIgnoreCase", args("an"), "{\"name\":{\"istartsWith\":\"an\"}}"),
                Arguments.of("findByNameEndingWithIgnoreCase", args("NN"), "{\"name\":{\"iendsWith\":\"NN\"}}"),
                Arguments.of("findByNameLikeIgnoreCase", args("an%"), "{\"name\":{\"istartsWith\":\"an\"}}"),
                Arguments.of("findByAllIgnoreCaseNameAndCountry", args("ann", "na"),
                        "{\"and\":[{\"name\":{\"ieq\":\"ann\"}},{\"nation\":{\"ieq\":\"na\"}}]}"),
                Arguments.of("findByActiveTrue", args(), "{\"active\":{\"eq\":true}}"),
                Arguments.of("findByActiveFalse", args(), "{\"active\":{\"eq\":false}}"),
                Arguments.of("findByLevel", args(Person.Level.HIGH), "{\"level\":{\"eq\":\"HIGH\"}}"),
                Arguments.of("findByNameAndAgeBetweenOrCountryOrderByAgeDesc", args("Ann", 1, 2, "ZA"),
                        "{\"or\":[{\"and\":[{\"name\":{\"eq\":\"Ann\"}},{\"age\":{\"gte\":1}},{\"age\":{\"lte\":2}}]},"
                                + "{\"nation\":{\"eq\":\"ZA\"}}]}"));
    }

    @ParameterizedTest(name = "{0}{1}")
    @MethodSource("filters")
    void derivesEngineFilter(String method, Object[] args, String json) {
        assertThat(query(PersonQueries.class, method, args).filter().toJson()).isEqualTo(json);
    }

    @Test
    void translatesSortPropertiesToColumns() {
        assertThat(query(PersonQueries.class, "findByNameAndAgeBetweenOrCountryOrderByAgeDesc", "a", 1, 2, "b")
                .sort()).isEqualTo(Sort.by(Sort.Direction.DESC, "age"));
        assertThat(query(PersonQueries.class, "findByCountry", "NA", Sort.by("country", "name")).sort())
                .isEqualTo(Sort.by("nation", "name"));
    }

    @Test
    void anUnknownSortPropertyIsAPropertyReferenceException() {
        assertThatThrownBy(() -> query(PersonQueries.class, "findByCountry", "NA", Sort.by("nosuchfield")))
                .isInstanceOf(PropertyReferenceException.class).hasMessageContaining("nosuchfield");
    }

    @Test
    void carriesTopAndDistinct() {
        JazminQuery top = query(PersonQueries.class, "findTop3ByActiveTrueOrderByName");
        assertThat(top.limit()).isEqualTo(3);
        assertThat(top.sort()).isEqualTo(Sort.by("name"));
        assertThat(query(PersonQueries.class, "findDistinctByCountry", "NA").distinct()).isTrue();
    }

    @Test
    void refusesLikePatternsWithoutEngineOperator() {
        assertThatThrownBy(() -> query(PersonQueries.class, "findByNameLike", "%nn"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("PersonQueries.findByNameLike").hasMessageContaining("'%nn'");
        assertThatThrownBy(() -> query(PersonQueries.class, "findByNameLike", "A_n"))
                .hasMessageContaining("'A_n'");
    }

    static Stream<Arguments> unsupported() {
        return Stream.of(
                Arguments.of("findByAgeIgnoreCase", "IgnoreCase with Is needs a String property"),
                Arguments.of("findByNameGreaterThanIgnoreCase", "IgnoreCase with GreaterThan"),
                Arguments.of("findByAgeContaining", "Containing needs a String property"),
                Arguments.of("findByNameRegex", "keyword Regex"),
                Arguments.of("findByNameIsEmpty", "keyword IsEmpty"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsupported")
    void failsAtCreationNamingMethodAndKeyword(String method, String keyword) {
        assertThatThrownBy(() -> create(UnsupportedQueries.class, method))
                .isInstanceOf(UnsupportedQueryException.class)
                .hasMessageContaining("UnsupportedQueries." + method)
                .hasMessageContaining(keyword);
    }

    @Test
    void failsAtCreationForUnknownProperty() {
        assertThatThrownBy(() -> create(UnsupportedQueries.class, "findByShoeSize"))
                .hasMessageContaining("shoeSize");
    }

    private static Object[] args(Object... values) {
        return values;
    }

    private JazminQuery query(Class<?> repository, String name, Object... args) {
        return create(repository, name).createQuery(args);
    }

    private JazminPartTreeQuery create(Class<?> repository, String name) {
        Method method = Arrays.stream(repository.getMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow();
        SpelAwareProxyProjectionFactory factory = new SpelAwareProxyProjectionFactory();
        QueryMethod queryMethod = new QueryMethod(method, new DefaultRepositoryMetadata(repository), factory);
        return new JazminPartTreeQuery(queryMethod, template, factory, repository);
    }
}
