package io.jazmin.spring.boot.autoconfigure.domain.published;

import io.jazmin.spring.data.repository.JazminRepository;
import java.util.List;
import java.util.stream.Stream;

public interface ArticleRepository extends JazminRepository<Article, Long> {
    List<Article> findByTitleStartingWith(String prefix);

    Stream<Article> findByIdGreaterThanEqual(long id);
}
