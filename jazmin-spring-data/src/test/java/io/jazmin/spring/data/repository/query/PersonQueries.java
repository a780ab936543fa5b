package io.jazmin.spring.data.repository.query;

import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.Repository;

/** Derived query methods whose engine filters the tests pin down. */
interface PersonQueries extends Repository<Person, Long> {
    List<Person> findByName(String name);

    List<Person> findByCountryAndAgeGreaterThan(String country, int age);

    List<Person> findByNameOrCountry(String name, String country);

    List<Person> findByNameNot(String name);

    List<Person> findByAgeLessThan(int age);

    List<Person> findByAgeLessThanEqual(int age);

    List<Person> findByAgeGreaterThanEqual(int age);

    List<Person> findByAgeBetween(int from, int to);

    List<Person> findByBornBefore(LocalDate day);

    List<Person> findByBornAfter(LocalDate day);

    List<Person> findByCountryIn(Collection<String> countries);

    List<Person> findByCountryNotIn(Collection<String> countries);

    List<Person> findByNameIsNull();

    List<Person> findByNameIsNotNull();

    List<Person> findByNameLike(String pattern);

    List<Person> findByNameNotLike(String pattern);

    List<Person> findByNameStartingWith(String prefix);

    List<Person> findByNameContaining(String text);

    List<Person> findByNameNotContaining(String text);

    List<Person> findByNameContainingIgnoreCase(String text);

    List<Person> findByNameEndingWith(String suffix);

    List<Person> findByNameIgnoreCase(String name);

    List<Person> findByNameStartingWithIgnoreCase(String prefix);

    List<Person> findByNameEndingWithIgnoreCase(String suffix);

    List<Person> findByNameLikeIgnoreCase(String pattern);

    List<Person> findByAllIgnoreCaseNameAndCountry(String name, String country);

    List<Person> findByActiveTrue();

    List<Person> findByActiveFalse();

    List<Person> findByLevel(Person.Level level);

    List<Person> findByNameAndAgeBetweenOrCountryOrderByAgeDesc(String name, int from, int to, String country);

    List<Person> findByCountry(String country, Sort sort);

    List<Person> findTop3ByActiveTrueOrderByName();

    List<Person> findDistinctByCountry(String country);
}
