package io.jazmin.spring.boot.autoconfigure.repository;

import io.jazmin.spring.data.repository.JazminRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** One method per supported keyword and return type. */
public interface CustomerRepository extends JazminRepository<Customer, Long> {
    List<Customer> findByCountry(String country);

    List<Customer> readByCountryIs(String country);

    List<Customer> getByCountryEquals(String country);

    List<Customer> queryByCountryAndAgeGreaterThan(String country, int age);

    List<Customer> searchByCountryOrAge(String country, int age);

    Stream<Customer> streamByCountryNot(String country);

    long countByAgeLessThan(int age);

    long countByAgeLessThanEqual(int age);

    boolean existsByAgeGreaterThanEqual(int age);

    List<Customer> findByAgeBetween(int from, int to);

    List<Customer> findByJoinedBefore(Instant at);

    List<Customer> findByJoinedAfter(Instant at);

    List<Customer> findByCountryIn(Collection<String> countries);

    List<Customer> findByCountryNotIn(Collection<String> countries);

    List<Customer> findByNicknameIsNull();

    long countByNicknameIsNotNull();

    List<Customer> findByNameLike(String pattern);

    List<Customer> findByNameNotLike(String pattern);

    List<Customer> findByNameStartingWith(String prefix);

    List<Customer> findByNameContaining(String text);

    List<Customer> findByNameNotContaining(String text);

    List<Customer> findByNameContainingIgnoreCase(String text);

    List<Customer> findByNameEndingWith(String suffix);

    List<Customer> findByNameIgnoreCase(String name);

    List<Customer> findByNameStartingWithIgnoreCase(String prefix);

    long countByActiveTrue();

    long countByActiveFalse();

    List<Customer> findTop5ByCountryOrderByAgeDescIdAsc(String country);

    Customer findFirstByOrderByBalanceDesc();

    List<Views.CountryView> findDistinctByAgeGreaterThan(int age);

    Optional<Customer> findByEmail(String email);

    Customer getByEmail(String email);

    Customer findByAge(int age);

    Page<Customer> findByCountry(String country, Pageable pageable);

    Slice<Customer> findByActiveTrue(Pageable pageable);

    List<Customer> findByCountry(String country, Sort sort);

    List<Customer> findByCountry(String country, Limit limit);

    Window<Customer> findFirst10ByCountryOrderByAgeAsc(String country, ScrollPosition position);

    List<Views.NameOnly> findByAgeGreaterThan(int age);

    List<Views.NameAndCountry> findByIdLessThan(long id);

    <T> List<T> findByIdBetween(long from, long to, Class<T> type);

    Page<Views.NameAndCountry> findByActive(boolean active, Pageable pageable);

    long deleteByCountry(String country);

    List<Customer> removeByAge(int age);
}
