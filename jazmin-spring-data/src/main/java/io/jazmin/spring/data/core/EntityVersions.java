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

    String idColumn() {
        return idColumn;
    }

    String column() {
        return version.getColumnName();
    }

    /**
     * Entities to save, each carrying the next version, and the version each requires the file to
     * hold for its id: {@link MergedChange#ABSENT} for a new entity.
     */
    record Advanced<T>(List<T> entities, List<Object> required) {
    }

    /**
     * Copies of {@code entities} carrying their next version (the initial one for a new entity),
     * with the version each must find stored; checked later, under the file's writer lock
     * ({@link #check}), so that callbacks run on the saving thread with the version it will store.
     */
    Advanced<T> advance(RowCodec<T> codec, List<T> entities) {
        List<T> advanced = new ArrayList<>(entities.size());
        List<Object> required = new ArrayList<>(entities.size());
        for (T e : entities) {
            boolean isNew = entity.isNew(e);
            required.add(isNew ? MergedChange.ABSENT : codec.cell(e, column()));
            advanced.add(withVersion(e, isNew ? initial() : next(accessor(e).getProperty(version))));
        }
        return new Advanced<>(advanced, required);
    }

    /**
     * Checks that {@code stored} (the version the file holds for {@code id}, or
     * {@link MergedChange#ABSENT}) is the one {@code required} ({@link #advance}).
     *
     * @throws OptimisticLockingFailureException naming the entity when it is not
     */
    void check(Object id, Object required, Object stored) {
        boolean isNew = required == MergedChange.ABSENT;
        boolean isStored = stored != MergedChange.ABSENT;
        if (isNew && isStored) {
            throw new OptimisticLockingFailureException("cannot save new " + name() + " with id " + id
                    + ": one is stored already (version " + stored + ")");
        }
        if (!isNew && (!isStored || !same(stored, required))) {
            throw new OptimisticLockingFailureException("cannot save " + name() + " with id " + id + " at version "
                    + required + ": " + (isStored ? "version " + stored + " is stored" : "it is not stored (deleted?)"));
        }
    }

    /** Versions compared as numbers: a cell read back may be another integer type than the one written. */
    static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.longValue() == y.longValue();
        }
        return Objects.equals(a, b);
    }

    /** The versions {@code table} ({@code null}: no file) holds for {@code ids}, by id cell. */
    Map<Object, Object> stored(JazminTable table, List<Object> ids) {
        Map<Object, Object> versions = new HashMap<>();
        if (table == null) {
            return versions;
        }
        RowQuery select = RowQuery.all().withSelect(List.of(idColumn, column()));
        try (Stream<Row> rows = table.find(Filter.in(idColumn, ids), select)) {
            rows.forEach(row -> versions.put(row.get(idColumn), row.get(column())));
        }
        return versions;
    }

    /** The filter of rows that still hold {@code e}'s id and version (a delete of a stale entity matches none). */
    Filter current(T e, RowCodec<T> codec) {
        return Filter.eq(idColumn, codec.cell(e, idColumn)).and(Filter.eq(column(), codec.cell(e, column())));
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
