package io.jazmin.spring.boot.test.autoconfigure;

import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.Query;
import java.util.List;

/** Derived, declared and named queries on {@link Book}. */
public interface BookRepository extends JazminRepository<Book, Long> {
    List<Book> findByAuthorOrderByYear(String author);

    @Query("{\"year\": {\"lt\": ?0}}")
    List<Book> publishedBefore(int year);

    /** The named query {@code Book.classics} of {@code META-INF/jazmin-named-queries.properties}. */
    long countClassics();
}
