package io.jazmin.spring.data.repository;

import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;
import org.springframework.data.repository.NoRepositoryBean;

/**
 * A repository of entities stored in a JAZMIN file. Reads run on the engine's indexes and
 * statistics; every write rewrites the file atomically.
 *
 * @param <T>  the entity type
 * @param <ID> the id type ({@code @JazminId} or {@code @Id} member; ids are set by the application)
 */
@NoRepositoryBean
public interface JazminRepository<T, ID> extends ListCrudRepository<T, ID>, ListPagingAndSortingRepository<T, ID> {
}
