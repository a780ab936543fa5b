package io.jazmin.spring.data.repository.query;

import java.util.List;
import org.springframework.data.repository.Repository;

/** Methods the engine cannot serve: each must fail when the query is created. */
interface UnsupportedQueries extends Repository<Person, Long> {
    List<Person> findByAgeIgnoreCase(int age);

    List<Person> findByNameGreaterThanIgnoreCase(String name);

    List<Person> findByAgeContaining(int age);

    List<Person> findByNameRegex(String regex);

    List<Person> findByNameIsEmpty();

    List<Person> findByShoeSize(int size);

}
