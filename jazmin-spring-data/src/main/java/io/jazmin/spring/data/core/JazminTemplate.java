package io.jazmin.spring.data.core;

import io.jazmin.files.FileChanges;
import io.jazmin.Explain;
import io.jazmin.JazminFile;
import io.jazmin.JazminReader;
import io.jazmin.export.ExportShape;
import io.jazmin.files.EmbeddedFile;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.schema.Storage;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.query.Criteria;
import io.jazmin.spring.data.core.query.JazminQuery;
import io.jazmin.spring.data.core.query.Query;
import io.jazmin.spring.data.core.query.MapRowReader;
import io.jazmin.spring.data.core.query.MappedRowReader;
import io.jazmin.spring.data.core.query.QueryRunner;
import io.jazmin.spring.data.core.query.RowReader;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.core.TypeInformation;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.support.PageableExecutionUtils;
import org.springframework.util.Assert;

/**
 * The {@link JazminOperations} implementation. Every call goes through one funnel that observes it
 * and translates engine exceptions. Reads run on pooled readers of each file; writes change the file
 * through the engine's appends, upserts, deletes and full updates, which keep everything else the file
 * holds (see {@link InPlaceChanges}), one at a time per file, and readers opened before a write
 * are not reused after it. Inside a {@link JazminTransactionManager} transaction writes go to the
 * transaction's working copy of each file and land at commit. Entities with a {@code @Version}
 * member are checked and advanced on save; entity callbacks and events run around saves and
 * reads when the template has an application context. Files are compacted on demand ({@link #compact(String)}) or after a
 * write when their {@link CompactionPolicy} says so. A file opened with an access key is read-only:
 * its writes are refused before it is touched ({@link AccessKeyWriteException}, translated to
 * Spring's {@code PermissionDeniedDataAccessException}).
 */
public class JazminTemplate implements JazminOperations, ApplicationContextAware {
    /** Rows one list may hold unless {@link #setMaxResultRows} says otherwise. */
    public static final long DEFAULT_MAX_RESULT_ROWS = 100_000;
    private final JazminFiles files;
    private final JazminMappingContext mappingContext;
    private final JazminExceptionTranslator translator = new JazminExceptionTranslator();
    private final QueryObserver observer;
    private volatile long maxResultRows = DEFAULT_MAX_RESULT_ROWS;
    private EntityLifecycle lifecycle = EntityLifecycle.none();

    public JazminTemplate(JazminFiles files, JazminMappingContext mappingContext) {
        this(files, mappingContext, QueryObserver.NONE);
    }

    public JazminTemplate(JazminFiles files, JazminMappingContext mappingContext, QueryObserver observer) {
        Assert.notNull(files, "files must not be null");
        Assert.notNull(mappingContext, "mappingContext must not be null");
        Assert.notNull(observer, "observer must not be null");
        this.files = files;
        this.mappingContext = mappingContext;
        this.observer = observer;
    }

    /**
     * At most {@code value} (at least 1) rows are read into one list by {@code find} and by
     * repository methods returning lists; more fail with {@link TooManyResultsException}. Streams,
     * pages and counts are not limited. Default {@value #DEFAULT_MAX_RESULT_ROWS}.
     */
    public void setMaxResultRows(long value) {
        Assert.isTrue(value >= 1, "maxResultRows must be at least 1");
        this.maxResultRows = value;
    }

    @Override
    public long getMaxResultRows() {
        return maxResultRows;
    }

    /**
     * Entity callbacks ({@link io.jazmin.spring.data.core.mapping.event}) and application events
     * come from {@code context}; set by Spring for a template bean.
     */
    @Override
    public void setApplicationContext(ApplicationContext context) {
        this.lifecycle = EntityLifecycle.of(context);
    }

    @Override
    public <T> List<T> find(JazminQuery query, Class<T> entityType) {
        return ResultRows.toList(stream(query, entityType), maxResultRows, fileOf(entityType));
    }

    @Override
    public <T> Stream<T> stream(JazminQuery query, Class<T> entityType) {
        JazminPersistentEntity<T> entity = entity(entityType);
        requireSortColumns(query, entity);
        return stream(fileOf(entityType), query, MappedRowReader.entity(entity.getMapper()));
    }

    /** Every sort column must hold a property of the entity (the sort names columns, spec §2.1). */
    private static void requireSortColumns(JazminQuery query, JazminPersistentEntity<?> entity) {
        for (Sort.Order order : query.sort()) {
            if (entity.getPropertyForColumn(order.getProperty()) == null) {
                throw new PropertyReferenceException(order.getProperty(), TypeInformation.of(entity.getType()),
                        List.of());
            }
        }
    }

    @Override
    public <T> Optional<T> findOne(Filter filter, Class<T> entityType) {
        List<T> found = find(JazminQuery.where(filter).withLimit(2), entityType);
        if (found.size() > 1) {
            throw new IncorrectResultSizeDataAccessException("more than one " + entityType.getSimpleName()
                    + " matches " + filter.toJson(), 1);
        }
        return found.stream().findFirst();
    }

    @Override
    public <T> Page<T> page(JazminQuery query, Pageable pageable, Class<T> entityType) {
        List<T> content = find(query.withPage(pageable), entityType);
        return PageableExecutionUtils.getPage(content, pageable, () -> count(query.filter(), entityType));
    }

    @Override
    public long count(Filter filter, Class<?> entityType) {
        return count(fileOf(entityType), filter);
    }

    @Override
    public boolean exists(Filter filter, Class<?> entityType) {
        return exists(fileOf(entityType), filter);
    }

    @Override
    public <T> List<T> find(Query query, Class<T> entityType) {
        return find(CriteriaFilters.toQuery(query, entity(entityType)), entityType);
    }

    @Override
    public <T> Stream<T> stream(Query query, Class<T> entityType) {
        return stream(CriteriaFilters.toQuery(query, entity(entityType)), entityType);
    }

    @Override
    public <T> Optional<T> findOne(Criteria criteria, Class<T> entityType) {
        List<T> found = find(Query.query(criteria).limit(2), entityType);
        if (found.size() > 1) {
            throw new IncorrectResultSizeDataAccessException("more than one " + entityType.getSimpleName()
                    + " matches " + criteria, 1);
        }
        return found.stream().findFirst();
    }

    @Override
    public <T> Page<T> page(Query query, Pageable pageable, Class<T> entityType) {
        return page(CriteriaFilters.toQuery(query, entity(entityType)), pageable, entityType);
    }

    @Override
    public long countMatching(Criteria criteria, Class<?> entityType) {
        return count(CriteriaFilters.toFilter(criteria, entity(entityType)), entityType);
    }

    @Override
    public boolean existsMatching(Criteria criteria, Class<?> entityType) {
        return exists(CriteriaFilters.toFilter(criteria, entity(entityType)), entityType);
    }

    @Override
    public long deleteMatching(Criteria criteria, Class<?> entityType) {
        return delete(CriteriaFilters.toFilter(criteria, entity(entityType)), entityType);
    }

    @Override
    public <T> List<T> insert(Collection<? extends T> entities) {
        if (entities.isEmpty()) {
            return List.of();
        }
        JazminPersistentEntity<T> entity = entityOf(entities);
        String file = entity.getFileName();
        EntityCodec<T> codec = new EntityCodec<>(entity);
        EntityVersions<T> versions = EntityVersions.of(entity);
        // An insert refuses stored ids, so every entity it writes is new to the file.
        List<T> converted = lifecycle.beforeConvert(List.copyOf(entities), file, e -> true);
        List<T> advanced = converted;
        if (versions != null) {
            EntityVersions.Advanced<T> next = versions.advance(codec, converted);
            for (int i = 0; i < converted.size(); i++) {
                // An entity that already has a version claims a stored row, which an insert cannot replace.
                versions.check(codec.cell(converted.get(i), versions.idColumn()), next.required().get(i),
                        MergedChange.ABSENT);
            }
            advanced = next.entities();
        }
        List<T> rows = lifecycle.beforeSave(advanced, file);
        String what = "the " + rows.size() + " " + entity.getType().getSimpleName() + " entities";
        execute("insert", file, () -> files.get(file).commit(
                new QueuedChanges.Insert<>(entity.getType(), codec, rows, entity.getIdColumn(), what)));
        return lifecycle.afterSave(rows, file);
    }

    /**
     * Saves by id: each entity replaces the stored one with its id or is added. With a
     * {@code @Version} member the stored version is checked and advanced inside the file's write
     * lock. Returns the saved entities in the order given (copies where callbacks, auditing or the
     * version changed an immutable one); of several with one id the last is stored, and returned
     * for each of them.
     */
    @Override
    public <T> List<T> save(Collection<? extends T> entities) {
        if (entities.isEmpty()) {
            return List.of();
        }
        JazminPersistentEntity<T> entity = entityOf(entities);
        String idColumn = entity.getIdColumn();
        if (idColumn == null) {
            throw new InvalidDataAccessApiUsageException(entity.getType().getName()
                    + " has no id (@JazminId or @Id), so entities can only be inserted");
        }
        String file = entity.getFileName();
        EntityCodec<T> codec = new EntityCodec<>(entity);
        Set<Object> stored = lifecycle.audits() ? storedIds(file, idColumn, codec, entities) : new HashSet<>();
        List<T> converted = lifecycle.beforeConvert(List.copyOf(entities), file,
                e -> !stored.contains(codec.cell(e, idColumn)));
        Map<Object, T> byId = new LinkedHashMap<>();
        for (T e : converted) {
            if (entity.getIdentifierAccessor(e).getIdentifier() == null) {
                throw new InvalidDataAccessApiUsageException("JAZMIN does not generate ids; set the id of "
                        + entity.getType().getSimpleName() + " before saving it");
            }
            byId.put(codec.cell(e, idColumn), e);
        }
        List<T> latest = new ArrayList<>(byId.values());
        EntityVersions<T> versions = EntityVersions.of(entity);
        List<T> saved;
        if (versions == null) {
            // No version to check against the stored row: a plain save, which a transaction may buffer
            // (its callbacks then run as the save joins the transaction).
            List<T> rows = lifecycle.beforeSave(latest, file);
            execute("save", file, () -> {
                files.get(file).save(entity.getType(), codec, rows, idColumn);
                return null;
            });
            saved = lifecycle.afterSave(rows, file);
        } else {
            // The next versions are stored only if the file still holds the ones they advance from,
            // checked as the save is written (joining concurrent changes, see FileAccess#commit).
            EntityVersions.Advanced<T> advanced = versions.advance(codec, latest);
            List<T> rows = lifecycle.beforeSave(advanced.entities(), file);
            execute("save", file, () -> files.get(file).commit(new QueuedChanges.VersionedSave<>(entity.getType(),
                    codec, versions, new EntityVersions.Advanced<>(rows, advanced.required()))));
            saved = lifecycle.afterSave(rows, file);
        }
        Map<Object, T> savedById = new LinkedHashMap<>();
        saved.forEach(e -> savedById.put(codec.cell(e, idColumn), e));
        return converted.stream().map(e -> savedById.get(codec.cell(e, idColumn))).toList();
    }

    /**
     * The ids among {@code entities}' that the file already holds (the latest committed version, or
     * inside a transaction its working copy), read for auditing: an id the file lacks is a creation,
     * whatever Spring Data's {@code isNew} says of an id the application set.
     */
    private <T> Set<Object> storedIds(String file, String idColumn, EntityCodec<T> codec,
                                      Collection<? extends T> entities) {
        List<Object> ids = entities.stream().map(e -> codec.cell(e, idColumn)).filter(Objects::nonNull)
                .distinct().toList();
        if (ids.isEmpty() || !files.get(file).exists()) {
            return new HashSet<>();
        }
        return execute("find", file, () -> files.get(file).read(table -> {
            RowQuery onlyIds = RowQuery.all().withSelect(List.of(idColumn));
            try (Stream<Row> rows = table.find(Filter.in(idColumn, ids), onlyIds)) {
                return rows.map(row -> row.get(idColumn)).collect(Collectors.toCollection(HashSet::new));
            }
        }));
    }

    /**
     * Deletes {@code entity}; with a {@code @Version} member only while the stored row still has
     * its version. {@code BeforeDelete} runs for the entity given and {@code AfterDelete} once the
     * delete is written, whether or not a row had its id (Spring Data JDBC's convention: the call
     * names the entity); a stale versioned entity fails after {@code BeforeDelete}.
     *
     * @throws OptimisticLockingFailureException when a versioned entity is stale or no longer stored
     */
    @Override
    public <T> void delete(T entity) {
        @SuppressWarnings("unchecked")
        JazminPersistentEntity<T> type = entity((Class<T>) entity.getClass());
        EntityCodec<T> codec = new EntityCodec<>(type);
        EntityVersions<T> versions = EntityVersions.of(type);
        String idColumn = type.getRequiredIdProperty().getColumnName();
        String file = type.getFileName();
        T target = lifecycle.beforeDelete(List.of(entity), file).get(0);
        QueuedChange<?> change = versions == null
                ? new QueuedChanges.KeyDelete(type.getType(), codec, idColumn,
                        java.util.Collections.singletonList(codec.cell(target, idColumn)))
                : new QueuedChanges.VersionedDelete<>(type.getType(), codec, versions, target,
                type.getType().getSimpleName());
        execute("delete", file, () -> files.get(file).commit(change));
        lifecycle.afterDelete(List.of(target), file);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Like {@link #delete(Object)} for each entity, in one change of the file (without a
     * {@code @Version} member) or one change per entity (each checked at its own version).
     */
    @Override
    public <T> void deleteAll(Collection<? extends T> entities) {
        if (entities.isEmpty()) {
            return;
        }
        JazminPersistentEntity<T> type = entityOf(entities);
        if (type.hasVersionProperty()) {
            entities.forEach(this::delete);
            return;
        }
        EntityCodec<T> codec = new EntityCodec<>(type);
        String idColumn = type.getRequiredIdProperty().getColumnName();
        String file = type.getFileName();
        List<T> named = lifecycle.beforeDelete(List.copyOf(entities), file);
        List<Object> ids = named.stream().map(e -> codec.cell(e, idColumn)).distinct().toList();
        execute("delete", file, () -> files.get(file).commit(new QueuedChanges.KeyDelete(type.getType(), codec,
                idColumn, ids)));
        lifecycle.afterDelete(named, file);
    }

    /**
     * {@inheritDoc}
     *
     * <p>With entity callbacks (a template with an application context) the matching entities are
     * read first, in the same write, so each gets {@code BeforeDelete} and {@code AfterDelete}.
     */
    @Override
    public long delete(Filter filter, Class<?> entityType) {
        JazminPersistentEntity<?> type = entity(entityType);
        if (!lifecycle.isActive()) {
            return deleteMatching(type.getFileName(), filter);
        }
        return deleteReading(type, filter).size();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Without entity callbacks (a template without an application context) the delete joins the
     * file's group commit: concurrent deletes and saves share one append. With them, the matching
     * entities are read in the same write, as {@link #delete(Filter, Class)} reads them.
     */
    @Override
    public long deleteAllById(Collection<?> ids, Class<?> entityType) {
        JazminPersistentEntity<?> type = entity(entityType);
        String idColumn = type.getRequiredIdProperty().getColumnName();
        List<Object> cells = ids.stream().map(id -> type.getMapper().cellValue(idColumn, id)).distinct().toList();
        if (lifecycle.isActive()) {
            return deleteReading(type, Filter.in(idColumn, cells)).size();
        }
        if (cells.isEmpty()) {
            return 0;
        }
        String file = type.getFileName();
        return execute("delete", file, () -> files.get(file).commit(new QueuedChanges.KeyDelete(type.getType(),
                new EntityCodec<>(type), idColumn, cells)));
    }

    @Override
    public <T> List<T> findAllAndDelete(Filter filter, Class<T> entityType) {
        return deleteReading(entity(entityType), filter);
    }

    /**
     * Deletes the rows {@code filter} matches ({@code null}: every row), having read them as
     * entities in the same write (so no other writer of this JVM comes between): each is converted
     * ({@code AfterConvert}), then goes through {@code BeforeDelete}, and after the delete is
     * written through {@code AfterDelete}. Returns what {@code AfterDelete} returned.
     */
    private <T> List<T> deleteReading(JazminPersistentEntity<T> type, Filter filter) {
        String file = type.getFileName();
        List<T> deleted = execute("delete", file, () -> files.get(file).write((copy, table) -> {
            if (table == null) {
                return List.<T>of();
            }
            List<T> found;
            try (Stream<T> rows = QueryRunner.run(table, JazminQuery.where(filter),
                    MappedRowReader.entity(type.getMapper()))) {
                found = rows.map(e -> lifecycle.afterConvert(e, file)).toList();
            }
            List<T> before = lifecycle.beforeDelete(found, file);
            InPlaceChanges.delete(copy, table, filter);
            return before;
        }));
        return lifecycle.afterDelete(deleted, file);
    }

    @Override
    public Explain explain(Filter filter, Class<?> entityType) {
        return explain(fileOf(entityType), filter);
    }

    @Override
    public List<Map<String, Object>> find(String file, JazminQuery query) {
        return ResultRows.toList(stream(file, query, new MapRowReader(query.select())), maxResultRows, file);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Whole entities (an entity {@link MappedRowReader}: {@code findAll}, derived and declared
     * queries, Query by Example, scrolling, projections built from entities) go through the
     * {@code AfterConvert} events and callbacks, whichever path asked for them.
     */
    @Override
    public <R> Stream<R> stream(String file, JazminQuery query, RowReader<R> reader) {
        Stream<R> found;
        try {
            found = observer.observeStream("find", file,
                    () -> files.get(file).stream(table -> QueryRunner.run(table, query, reader)));
        } catch (RuntimeException e) {
            throw translator.translate(e);
        }
        Stream<R> translated = TranslatingSpliterator.translating(found, translator);
        boolean entities = reader instanceof MappedRowReader<?> mapped && mapped.readsEntities();
        return entities && lifecycle.isActive() ? translated.map(e -> lifecycle.afterConvert(e, file)) : translated;
    }

    @Override
    public Page<Map<String, Object>> page(String file, JazminQuery query, Pageable pageable) {
        List<Map<String, Object>> content = find(file, query.withPage(pageable));
        return PageableExecutionUtils.getPage(content, pageable, () -> count(file, query.filter()));
    }

    @Override
    public long count(String file, Filter filter) {
        return execute("count", file, () -> files.get(file).read(table -> table.count(filter)));
    }

    @Override
    public boolean exists(String file, Filter filter) {
        return execute("exists", file, () -> files.get(file).read(table -> {
            RowQuery first = RowQuery.all().withSelect(List.of(table.columns().get(0).name())).withLimit(1);
            try (Stream<?> rows = table.find(filter, first)) {
                return rows.findAny().isPresent();
            }
        }));
    }

    @Override
    public void insert(String file, Collection<? extends Map<String, ?>> rows) {
        List<Map<String, ?>> list = List.copyOf(rows);
        execute("insert", file, () -> files.get(file).write((target, table) -> {
            InPlaceChanges.store(target, table, new MapCodec(file), list, null);
            return null;
        }));
    }

    @Override
    public long delete(String file, Filter filter) {
        return deleteMatching(file, filter);
    }

    @Override
    public Explain explain(String file, Filter filter) {
        return execute("explain", file, () -> files.get(file).read(table -> table.explain(filter)));
    }

    @Override
    public void prepare(Class<?> entityType) {
        JazminPersistentEntity<?> entity = entity(entityType);
        String name = entity.getFileName();
        if (!files.contains(name)) {
            throw new UnboundEntityException(entityType, name, entity.isFileNamed(),
                    files.all().stream().map(FileAccess::name).toList());
        }
        FileAccess file = files.get(name);
        if (!file.exists() && !file.definition().createIfMissing()) {
            throw FilePreparationException.of(file, "does not exist; create it or set create-if-missing for it", null);
        }
        try {
            execute("prepare", name, () -> file.exists() ? file.read(table -> {
                        HiddenColumns.check(file, entity, table);
                        return entity.getMapper().table(table);
                    })
                    : file.write((target, table) -> {
                        if (table == null) { // not created meanwhile by another thread
                            InPlaceChanges.create(target, new EntityCodec<>(entity), List.of());
                        }
                        return null;
                    }));
        } catch (DataAccessException e) {
            throw FilePreparationException.of(file, "cannot be prepared: " + e.getMessage(), e);
        }
    }

    @Override
    public String fileOf(Class<?> entityType) {
        return entity(entityType).getFileName();
    }

    @Override
    public JazminMappingContext getMappingContext() {
        return mappingContext;
    }

    @Override
    public void compact(String file) {
        execute("compact", file, () -> {
            files.get(file).compact();
            return null;
        });
    }

    @Override
    public void compact(Class<?> entityType) {
        compact(fileOf(entityType));
    }

    @Override
    public Storage storage(String file) {
        return execute("storage", file, () -> files.get(file).storage());
    }

    @Override
    public List<EmbeddedFile> files(String file) {
        return execute("files", file, () -> files.get(file).withReader(JazminReader::files));
    }

    @Override
    public Optional<EmbeddedFile> file(String file, String path) {
        return files(file).stream().filter(f -> f.path().equals(path)).findFirst();
    }

    @Override
    public byte[] readFileRange(String file, String path, long start, long end) {
        return execute("readFileRange", file,
                () -> files.get(file).withReader(reader -> reader.readFileRange(path, start, end)));
    }

    @Override
    public InputStream openFile(String file, String path) {
        return execute("openFile", file, () -> files.get(file).openEmbeddedFile(path));
    }

    @Override
    public void changeFiles(String file, FileChanges changes) {
        Assert.notNull(changes, "changes must not be null");
        execute("changeFiles", file, () -> files.get(file).write((target, table) -> {
            JazminFile.changeFiles(target.path(), changes, target.changeOptions());
            return null;
        }));
    }

    @Override
    public Optional<String> packageJson(String file) {
        return execute("packageJson", file, () -> files.get(file).withReader(JazminReader::packageJson));
    }

    @Override
    public void export(String file, ExportShape shape, OutputStream out) {
        Assert.notNull(shape, "shape must not be null");
        execute("export", file, () -> files.get(file).withReader(reader -> {
            reader.export(shape, out);
            return null;
        }));
    }

    @Override
    public void exportSaved(String file, String shapeName, OutputStream out) {
        execute("export", file, () -> files.get(file).withReader(reader -> {
            reader.export(reader.shape(shapeName), out);
            return null;
        }));
    }

    /** A {@code null} filter removes every row (the table is emptied in place, the file keeps all else). */
    private long deleteMatching(String file, Filter filter) {
        return execute("delete", file, () -> files.get(file).write((target, table) ->
                InPlaceChanges.delete(target, table, filter)));
    }

    @SuppressWarnings("unchecked")
    private <T> JazminPersistentEntity<T> entity(Class<T> type) {
        return (JazminPersistentEntity<T>) mappingContext.getRequiredPersistentEntity(type);
    }

    @SuppressWarnings("unchecked")
    private <T> JazminPersistentEntity<T> entityOf(Collection<? extends T> entities) {
        return entity((Class<T>) entities.iterator().next().getClass());
    }

    /** The funnel: observes the operation and turns engine exceptions into data access exceptions. */
    private <R> R execute(String operation, String file, Supplier<R> work) {
        try {
            return observer.observe(operation, file, work);
        } catch (RuntimeException e) {
            throw translator.translate(e);
        }
    }
}
