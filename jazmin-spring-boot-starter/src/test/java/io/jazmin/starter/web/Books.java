package io.jazmin.starter.web;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/** The books of {@link BookShop}: by genre in pages, and by a title pattern. */
public interface Books extends JazminRepository<Book, Long> {
    Page<Book> findByGenre(String genre, Pageable page);

    List<Book> findByTitleLike(String pattern);
}
