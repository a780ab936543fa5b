package io.jazmin.spring.data.repository;

import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.query.ListQueryByExampleExecutor;

/**
 * A repository of entities stored in a JAZMIN file. Reads run on the engine's indexes and
 * statistics. Writes change the file in place through the engine, keeping everything else it holds:
 * {@code save}/{@code saveAll} append new entities and upsert stored ones (one new version per call),
 * deletes ({@code deleteAll()} included) mark rows deleted; a file kept sorted ({@code sorted-by}),
 * or sorted or indexed otherwise than configured, gets a full update through the engine instead.
 * Deleted rows and old versions keep their bytes until {@link #compact()} (or a
 * {@code jazmin.files.<name>.compaction} threshold) rewrites the file. Over a file opened with an
 * access key every write is refused (a {@code PermissionDeniedDataAccessException} caused by
 * {@link io.jazmin.spring.data.core.AccessKeyWriteException}).
 * Query by Example probes become engine filters on the entity's top-level members.
 *
 * @param <T>  the entity type
 * @param <ID> the id type ({@code @JazminId} or {@code @Id} member; ids are set by the application)
 */
@NoRepositoryBean
public interface JazminRepository<T, ID> extends ListCrudRepository<T, ID>, ListPagingAndSortingRepository<T, ID>,
        ListQueryByExampleExecutor<T> {

    /**
     * Compacts the entity's file now: rewrites it without deleted rows and the bytes earlier
     * versions left behind ({@code appendCount} back to 0), keeping every entity.
     */
    void compact();
}
