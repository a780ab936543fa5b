package io.jazmin.spring.data.core;

import io.jazmin.data.Filter;
import io.jazmin.JazminTable;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;

/**
 * Optimistic locking of entities with a {@code @Version} member: a save must carry the version
 * stored for its id (or, for a new entity, find no row with its id), and stores the next one.
 * Checked inside the file's write lock, so two saves of one version cannot both succeed.
 *
 * @param <T> the entity type
 */
final class EntityVersions<T> {
    private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();
    private final JazminPersistentEntity<T> entity;
    private final JazminPersistentProperty version;
    private final String idColumn;

    private EntityVersions(JazminPersistentEntity<T> entity, JazminPersistentProperty version, String idColumn) {
        this.entity = entity;
        this.version = version;
        this.idColumn = idColumn;
    }

    /** The versions of {@code entity}'s rows, or {@code null} when it has no {@code @Version} member. */
    static <T> EntityVersions<T> of(JazminPersistentEntity<T> entity) {
        JazminPersistentProperty version = entity.getVersionProperty();
        return version == null ? null : new EntityVersions<>(entity, version, entity.getIdColumn());
    }

    String column() {
        return version.getColumnName();
    }

    /**
     * Checks every entity against the version stored for its id in {@code table} ({@code null}:
     * no file yet) and returns copies carrying the next version, in the same order.
     *
     * @throws OptimisticLockingFailureException naming the entity when a version is stale
     */
    List<T> checkAndAdvance(JazminTable table, RowCodec<T> codec, List<T> entities) {
        Map<Object, Object> stored = table == null ? Map.of() : stored(table, codec, entities);
        List<T> advanced = new ArrayList<>(entities.size());
        for (T e : entities) {
            Object id = codec.cell(e, idColumn);
            boolean isNew = entity.isNew(e);
            if (isNew && stored.containsKey(id)) {
                throw new OptimisticLockingFailureException("cannot save new " + name() + " with id " + id
                        + ": one is stored already (version " + stored.get(id) + ")");
            }
            if (!isNew && (!stored.containsKey(id) || !Objects.equals(stored.get(id), codec.cell(e, column())))) {
                throw new OptimisticLockingFailureException("cannot save " + name() + " with id " + id + " at version "
                        + codec.cell(e, column()) + ": " + (stored.containsKey(id) ? "version " + stored.get(id)
                        + " is stored" : "it is not stored (deleted?)"));
            }
            advanced.add(withVersion(e, isNew ? initial() : next(accessor(e).getProperty(version))));
        }
        return advanced;
    }

    /** The filter of rows that still hold {@code e}'s id and version (a delete of a stale entity matches none). */
    Filter current(T e, RowCodec<T> codec) {
        return Filter.eq(idColumn, codec.cell(e, idColumn)).and(Filter.eq(column(), codec.cell(e, column())));
    }

    private Map<Object, Object> stored(JazminTable table, RowCodec<T> codec, List<T> entities) {
        List<Object> ids = entities.stream().map(e -> codec.cell(e, idColumn)).toList();
        Map<Object, Object> versions = new HashMap<>();
        RowQuery select = RowQuery.all().withSelect(List.of(idColumn, column()));
        try (Stream<Row> rows = table.find(Filter.in(idColumn, ids), select)) {
            rows.forEach(row -> versions.put(row.get(idColumn), row.get(column())));
        }
        return versions;
    }

    private Object initial() {
        return version.getType().isPrimitive() ? convert(1) : convert(0);
    }

    private Object next(Object current) {
        return convert(((Number) current).longValue() + 1);
    }

    private Object convert(long value) {
        Class<?> type = version.getType();
        if (type == long.class || type == Long.class) {
            return value;
        }
        if (type == int.class || type == Integer.class) {
            return Math.toIntExact(value);
        }
        if (type == short.class || type == Short.class) {
            return (short) Math.toIntExact(value);
        }
        throw new InvalidDataAccessApiUsageException("@Version member " + version.getName() + " of " + name()
                + " must be a long, int or short (or their boxes), not " + type.getName());
    }

    private T withVersion(T e, Object value) {
        PersistentPropertyAccessor<T> accessor = accessor(e);
        accessor.setProperty(version, value);
        return accessor.getBean();
    }

    private PersistentPropertyAccessor<T> accessor(T e) {
        return new InstantiationAwarePropertyAccessor<>(e, entity::getPropertyAccessor, INSTANTIATORS);
    }

    private String name() {
        return entity.getType().getSimpleName();
    }
}
