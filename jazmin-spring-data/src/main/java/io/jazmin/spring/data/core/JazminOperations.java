package io.jazmin.spring.data.core;

import io.jazmin.Explain;
import io.jazmin.data.Filter;
import io.jazmin.export.ExportShape;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.files.FileChanges;
import io.jazmin.schema.Storage;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.core.query.Query;
import io.jazmin.spring.data.core.query.RowReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/**
 * Reads and writes configured JAZMIN files, either as entities (the file an entity type is bound
 * to) or as rows of a named file (maps of column name to cell value). Filters and sorts name
 * columns. Every failure is a {@link org.springframework.dao.DataAccessException}; streams must be
 * closed (they hold an open reader). Writes change the file in place (appends, upserts and deletes
 * that add a new version at its end), or rewrite it atomically where an append cannot keep its sort
 * order; {@link #compact(String)} drops what in-place changes leave behind.
 */
public interface JazminOperations {

    /**
     * The most rows a read may put into one list ({@code find} and list-returning repository
     * methods); more fail with {@link TooManyResultsException}.
     */
    long getMaxResultRows();

    /**
     * The matching entities, ordered and sliced as the query says.
     *
     * @throws TooManyResultsException when more than {@link #getMaxResultRows()} match
     */
    <T> List<T> find(JazminQuery query, Class<T> entityType);

    /** The matching entities as a lazy stream; close it. */
    <T> Stream<T> stream(JazminQuery query, Class<T> entityType);

    /**
     * The only entity matching {@code filter}.
     *
     * @throws org.springframework.dao.IncorrectResultSizeDataAccessException when several match
     */
    <T> Optional<T> findOne(Filter filter, Class<T> entityType);

    /** One page of the matching entities, with the total count. */
    <T> Page<T> page(JazminQuery query, Pageable pageable, Class<T> entityType);

    /** Counts the matching rows of the entity's file (statistics count proven chunks; index candidates are checked). */
    long count(Filter filter, Class<?> entityType);

    /** Whether any row of the entity's file matches. */
    boolean exists(Filter filter, Class<?> entityType);

    /**
     * The entities matching a criteria query (members mapped to columns), ordered and sliced as it says.
     *
     * @throws TooManyResultsException when more than {@link #getMaxResultRows()} match
     * @throws org.springframework.data.core.PropertyReferenceException when the query names a member
     *         the entity does not have
     */
    <T> List<T> find(Query query, Class<T> entityType);

    /** The entities matching a criteria query as a lazy stream; close it. */
    <T> Stream<T> stream(Query query, Class<T> entityType);

    /**
     * The only entity matching {@code criteria}.
     *
     * @throws org.springframework.dao.IncorrectResultSizeDataAccessException when several match
     */
    <T> Optional<T> findOne(Criteria criteria, Class<T> entityType);

    /** One page of the entities matching a criteria query, with the total count. */
    <T> Page<T> page(Query query, Pageable pageable, Class<T> entityType);

    /**
     * Counts the entities matching {@code criteria}. (Named apart from {@link #count(Filter, Class)} so
     * that {@code count(null, type)} keeps meaning every row.)
     */
    long countMatching(Criteria criteria, Class<?> entityType);

    /** Whether any entity matches {@code criteria}. */
    boolean existsMatching(Criteria criteria, Class<?> entityType);

    /** Removes the entities matching {@code criteria}; returns how many were removed. */
    long deleteMatching(Criteria criteria, Class<?> entityType);

    /**
     * Adds new entities.
     *
     * @throws org.springframework.dao.DuplicateKeyException when an id is already stored
     */
    <T> List<T> insert(Collection<? extends T> entities);

    /**
     * Stores entities, replacing those with the same id: one upsert (a new version appended to the
     * file) for all of them. Returns the saved entities in the order given: copies where auditing,
     * callbacks or a {@code @Version} member changed an immutable entity. Of several with one id the
     * last is stored and returned in the place of each of them.
     *
     * @throws org.springframework.dao.OptimisticLockingFailureException when a {@code @Version}
     *         member does not match the stored version (nothing is written)
     */
    <T> List<T> save(Collection<? extends T> entities);

    /**
     * Deletes one entity by its id; with a {@code @Version} member only at its stored version.
     *
     * @throws org.springframework.dao.OptimisticLockingFailureException when a versioned entity is
     *         stale or no longer stored
     */
    <T> void delete(T entity);

    /**
     * Removes the matching rows of the entity's file (marked deleted in a new version; their bytes
     * stay until compaction); {@code null} marks every row deleted, emptying the table and keeping
     * everything else the file holds. Returns how many were removed.
     */
    long delete(Filter filter, Class<?> entityType);

    /**
     * Removes the rows of the entity's file holding one of {@code ids} (entity ids, converted as
     * the entity's id member is stored), with the delete callbacks and events of each entity
     * removed, as {@link #delete(Filter, Class)} by those ids would. Returns how many were removed.
     */
    long deleteAllById(Collection<?> ids, Class<?> entityType);

    /**
     * Deletes {@code entities} by id (a versioned entity only at its stored version), with the
     * delete callbacks and events of each.
     *
     * @throws org.springframework.dao.OptimisticLockingFailureException when a versioned entity is stale or no longer stored
     */
    <T> void deleteAll(Collection<? extends T> entities);

    /**
     * Removes the entities matching {@code filter} ({@code null}: every one), read in the same write
     * before they are removed, and returns them.
     */
    <T> List<T> findAllAndDelete(Filter filter, Class<T> entityType);

    /** How the engine would run {@code filter} on the entity's file. */
    Explain explain(Filter filter, Class<?> entityType);

    /** The matching rows of a named file as maps of the query's selected columns. */
    List<Map<String, Object>> find(String file, JazminQuery query);

    /** The query's results read by {@code reader} from a named file, as a lazy stream; close it. */
    <R> Stream<R> stream(String file, JazminQuery query, RowReader<R> reader);

    /** One page of the matching rows of a named file, with the total count. */
    Page<Map<String, Object>> page(String file, JazminQuery query, Pageable pageable);

    long count(String file, Filter filter);

    boolean exists(String file, Filter filter);

    /** Appends rows (maps of column name to value) to an existing named file. */
    void insert(String file, Collection<? extends Map<String, ?>> rows);

    /** Removes the matching rows of a named file; returns how many were removed. */
    long delete(String file, Filter filter);

    Explain explain(String file, Filter filter);

    /**
     * Checks that the entity's file is configured, exists (or creates it empty when
     * {@code create-if-missing} is set) and fits the entity's schema. Repositories call it at startup.
     *
     * @throws UnboundEntityException    when the entity's file is not configured
     * @throws FilePreparationException  when the file is missing (without create-if-missing) or cannot be opened
     */
    void prepare(Class<?> entityType);

    /** The configured file an entity type is bound to. */
    String fileOf(Class<?> entityType);

    JazminMappingContext getMappingContext();

    /**
     * Compacts a named file now: rewrites it without its deleted rows and the bytes earlier versions
     * left behind, merging the segments appends added ({@code appendCount} back to 0). Data, sort
     * order and indexes are kept; readers already streaming keep their version.
     */
    void compact(String file);

    /** Compacts the file an entity type is bound to; see {@link #compact(String)}. */
    void compact(Class<?> entityType);

    /** How a named file's bytes are used: dead bytes, deleted rows and appends since its last full write. */
    Storage storage(String file);

    /** The embedded files of a named file (spec §1.23), in directory order. */
    List<EmbeddedFile> files(String file);

    /** The embedded file at {@code path} of a named file, if it stores one. */
    Optional<EmbeddedFile> file(String file, String path);

    /**
     * Bytes {@code start} (inclusive) to {@code end} (exclusive) of the embedded file at {@code path},
     * reading only the blocks holding them.
     */
    byte[] readFileRange(String file, String path, long start, long end);

    /**
     * A stream of the embedded file at {@code path} of a named file, checked against its SHA-256
     * when read to the end; it holds a reader until it is closed, so close it.
     */
    InputStream openFile(String file, String path);

    /**
     * Adds, replaces and removes embedded files of an existing named file, and sets its
     * {@code package}, as one append (rows untouched); inside a transaction, at its commit.
     */
    void changeFiles(String file, FileChanges changes);

    /** The {@code package} of a named file (document settings, spec §1.23) as JSON text, if it has one. */
    Optional<String> packageJson(String file);

    /**
     * Writes the JSON output of export shape {@code shape} (spec §2.6) over the named file's first
     * table to {@code out} (left open), streaming; the shape is checked before any row is read.
     */
    void export(String file, ExportShape shape, OutputStream out);

    /** Writes the JSON output of the shape saved in the named file as {@code shapeName} to {@code out} (left open). */
    void exportSaved(String file, String shapeName, OutputStream out);
}
