package io.jazmin.spring.boot.autoconfigure.oracle;

import io.jazmin.spring.data.repository.JazminRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/** Derived queries over the password-protected {@link Client} file. */
public interface ClientRepository extends JazminRepository<Client, Long> {
    Page<Client> findByCountryAndAgeBetween(String country, int min, int max, Pageable pageable);

    List<Client> findByCountryInOrAgeGreaterThan(Collection<String> countries, int age);

    long countByVipTrue();

    long countByVipFalse();

    boolean existsByEmail(String email);

    List<Client> findByEmailIsNull();

    Optional<Client> findByEmail(String email);

    Stream<Client> streamByAgeGreaterThanEqual(int age);

    List<Client> findByNameStartingWithIgnoreCaseOrderByAgeDescIdAsc(String prefix);

    List<Client> findByJoinedAfterAndScoreLessThan(Instant at, double score);

    Window<Client> findFirst4ByVipOrderByScoreDesc(boolean vip, ScrollPosition position);

    long deleteByCountry(String country);

    List<Client> removeByAgeLessThan(int age);
}
