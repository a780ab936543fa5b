package io.jazmin.spring.data.freshness;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/** The repository of the freshness tests: derived queries and pages over {@link Book}. */
public interface Books extends JazminRepository<Book, Long> {
    List<Book> findByGenre(String genre);

    Page<Book> findPageByGenre(String genre, Pageable page);
}
