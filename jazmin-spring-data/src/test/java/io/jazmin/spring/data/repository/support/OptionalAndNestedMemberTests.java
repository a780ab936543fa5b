package io.jazmin.spring.data.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/**
 * Keyset scrolling along an {@code Optional} member, interface projections of collection and nested
 * members, and examples with such members.
 */
class OptionalAndNestedMemberTests {
    record Size(int width, int height) {
    }

    record Parcel(@JazminId long id, Optional<String> label, List<String> tags, Map<String, Integer> counts,
                  Size size) {
    }

    /** Collection, map and nested members: read through the object mapping. */
    interface Contents {
        long getId();

        List<String> getTags();

        Map<String, Integer> getCounts();

        Size getSize();
    }

    interface Parcels extends JazminRepository<Parcel, Long> {
        Window<Parcel> findFirst2ByLabelIsNotNullOrderByLabelAsc(ScrollPosition position);

        List<Contents> findByIdLessThanOrderByIdAsc(long id);
    }

    static final List<Parcel> PARCELS = List.of(
            new Parcel(1, Optional.of("b"), List.of("x"), Map.of("a", 1), new Size(1, 2)),
            new Parcel(2, Optional.empty(), List.of(), Map.of(), null),
            new Parcel(3, Optional.of("a"), List.of("y", "z"), Map.of("b", 2), new Size(3, 4)),
            new Parcel(4, Optional.of("b"), List.of("z"), Map.of(), new Size(5, 6)),
            new Parcel(5, Optional.of("c"), List.of(), Map.of("c", 3), null));

    @TempDir
    Path dir;

    Parcels parcels;

    @BeforeEach
    void setUp() {
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("parcels", dir.resolve("parcels.jzm"))
                .withCreateIfMissing(true)));
        parcels = new JazminRepositoryFactory(new JazminTemplate(files, new JazminMappingContext()))
                .getRepository(Parcels.class);
        parcels.saveAll(PARCELS);
    }

    @Test
    void keysetScrollsAlongAnOptionalMember() {
        List<Long> ids = new ArrayList<>();
        ScrollPosition position = ScrollPosition.keyset();
        for (int i = 0; i < 3; i++) {
            Window<Parcel> window = parcels.findFirst2ByLabelIsNotNullOrderByLabelAsc(position);
            window.forEach(p -> ids.add(p.id()));
            if (!window.hasNext()) {
                break;
            }
            position = window.positionAt(window.size() - 1);
        }
        // Label order (a, b, b, c), ties by id.
        assertThat(ids).containsExactly(3L, 1L, 4L, 5L);
    }

    @Test
    void interfaceProjectionsReadCollectionAndNestedMembers() {
        List<Contents> contents = parcels.findByIdLessThanOrderByIdAsc(4);
        assertThat(contents).extracting(Contents::getId).containsExactly(1L, 2L, 3L);
        assertThat(contents).extracting(Contents::getTags).containsExactly(List.of("x"), List.of(), List.of("y", "z"));
        assertThat(contents).extracting(Contents::getCounts).containsExactly(Map.of("a", 1), Map.of(), Map.of("b", 2));
        assertThat(contents).extracting(Contents::getSize).containsExactly(new Size(1, 2), null, new Size(3, 4));
    }

    @Test
    void examplesMatchOptionalMembersAndRefuseNestedOnes() {
        ExampleMatcher noId = ExampleMatcher.matching().withIgnorePaths("id");
        assertThat(parcels.findAll(Example.of(new Parcel(0, Optional.of("b"), List.of(), Map.of(), null), noId),
                Sort.by("id"))).extracting(Parcel::id).containsExactly(1L, 4L);
        assertThat(parcels.count(Example.of(new Parcel(0, Optional.empty(), List.of(), Map.of(), null),
                noId.withIncludeNullValues().withIgnorePaths("tags", "counts", "size")))).isEqualTo(1);
        assertThatThrownBy(() -> parcels.count(Example.of(new Parcel(0, Optional.empty(), List.of(), Map.of(),
                new Size(1, 2)), noId))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("'size'");
    }
}
