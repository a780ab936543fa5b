package io.jazmin.spring.data.core;

import io.jazmin.JazminTable;
import io.jazmin.data.Filter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * The changes a call can queue for a {@link GroupCommit}: saves (upserts by key), inserts, saves
 * of versioned entities, deletes by key and deletes of a versioned entity. Rows are converted to
 * cells on the calling thread, before the change is queued, so the group's leader only merges and
 * writes; a row that cannot be converted fails its own call there.
 */
final class QueuedChanges {
    private QueuedChanges() {
    }

    /** The key cells of {@code rows} (each row's {@code keyColumn} cell). */
    private static <T> List<Object> keyCells(RowCodec<T> codec, List<T> rows, String keyColumn) {
        List<Object> cells = new ArrayList<>(rows.size());
        rows.forEach(row -> cells.add(codec.cell(row, keyColumn)));
        return cells;
    }

    private static <T> List<Map<String, ?>> cells(RowCodec<T> codec, List<T> rows) {
        List<Map<String, ?>> cells = new ArrayList<>(rows.size());
        rows.forEach(row -> cells.add(codec.cells(row)));
        return cells;
    }

    /** The merge keys of {@code cells}, all found before anything is merged. */
    private static List<Object> keys(MergedChange merge, List<Object> cells) {
        List<Object> keys = new ArrayList<>(cells.size());
        cells.forEach(cell -> keys.add(merge.key(cell)));
        return keys;
    }

    /** Rows stored by key: each replaces the stored row with its key, or is added. */
    static final class Upsert<T> extends QueuedChange<Void> {
        private final List<T> rows;
        private final List<Map<String, ?>> cells;
        private final List<Object> keyCells;

        Upsert(Object kind, RowCodec<T> codec, List<T> rows, String keyColumn) {
            super(kind, codec, keyColumn);
            this.rows = List.copyOf(rows);
            this.cells = cells(codec, rows);
            this.keyCells = keyCells(codec, rows, keyColumn);
        }

        @Override
        Void applyTo(MergedChange merge) {
            List<Object> keys = keys(merge, keyCells);
            for (int i = 0; i < keys.size(); i++) {
                merge.put(keys.get(i), cells.get(i));
            }
            return null;
        }

        @Override
        Void alone(FileAccess target, JazminTable table) {
            @SuppressWarnings("unchecked")
            RowCodec<T> codec = (RowCodec<T>) codec();
            InPlaceChanges.store(target, table, codec, rows, keyColumn());
            return null;
        }

        /** Adds this save to {@code pending} (which must {@link PendingSaves#accepts accept} it). */
        @SuppressWarnings("unchecked")
        void addTo(PendingSaves pending) {
            pending.add(kind(), (RowCodec<T>) codec(), rows, keyColumn());
        }
    }

    /**
     * New rows: refused when a key of theirs is stored already (or given twice), with
     * {@link DuplicateKeyException}; without a key column they are appended as they are.
     */
    static final class Insert<T> extends QueuedChange<Void> {
        private final List<T> rows;
        private final List<Map<String, ?>> cells;
        private final List<Object> keyCells;
        private final String what;

        /** {@code what} names the rows in the failure ("the 3 Card entities"). */
        Insert(Object kind, RowCodec<T> codec, List<T> rows, String keyColumn, String what) {
            super(kind, codec, keyColumn);
            this.rows = List.copyOf(rows);
            this.cells = cells(codec, rows);
            this.keyCells = keyColumn == null ? List.of() : keyCells(codec, rows, keyColumn);
            this.what = what;
        }

        @Override
        Void applyTo(MergedChange merge) {
            if (keyColumn() == null) {
                throw new MergedChange.NotMergeable(); // rows without keys are appended as they are
            }
            List<Object> keys = keys(merge, keyCells);
            Set<Object> distinct = new HashSet<>();
            for (Object key : keys) {
                if (merge.holds(key) || !distinct.add(key)) {
                    throw duplicate(merge.fileName());
                }
            }
            for (int i = 0; i < keys.size(); i++) {
                merge.put(keys.get(i), cells.get(i));
            }
            return null;
        }

        @Override
        Void alone(FileAccess target, JazminTable table) {
            if (keyColumn() != null && table != null && (table.count(Filter.in(keyColumn(), keyCells)) > 0
                    || new HashSet<>(keyCells).size() < keyCells.size())) {
                throw duplicate(target.name());
            }
            @SuppressWarnings("unchecked")
            RowCodec<T> codec = (RowCodec<T>) codec();
            InPlaceChanges.store(target, table, codec, rows, null);
            return null;
        }

        private DuplicateKeyException duplicate(String file) {
            return new DuplicateKeyException("an id of " + what + " to insert is already stored in file '" + file
                    + "' (or given twice)");
        }
    }

    /**
     * Versioned entities, each carrying its next version, stored only while the file holds the
     * version each requires ({@link EntityVersions#advance}); a stale one fails the whole call
     * with {@link OptimisticLockingFailureException} and writes none of its entities.
     */
    static final class VersionedSave<T> extends QueuedChange<Void> {
        private final EntityVersions<T> versions;
        private final List<T> rows;
        private final List<Object> required;
        private final List<Map<String, ?>> cells;
        private final List<Object> keyCells;

        VersionedSave(Object kind, RowCodec<T> codec, EntityVersions<T> versions, EntityVersions.Advanced<T> advanced) {
            super(kind, codec, versions.idColumn());
            this.versions = versions;
            this.rows = List.copyOf(advanced.entities());
            this.required = List.copyOf(advanced.required());
            this.cells = cells(codec, rows);
            this.keyCells = keyCells(codec, rows, versions.idColumn());
        }

        @Override
        Void applyTo(MergedChange merge) {
            List<Object> keys = keys(merge, keyCells);
            for (int i = 0; i < keys.size(); i++) {
                versions.check(keyCells.get(i), required.get(i),
                        merge.version(keys.get(i), keyCells.get(i), versions.column()));
            }
            for (int i = 0; i < keys.size(); i++) {
                merge.put(keys.get(i), cells.get(i));
            }
            return null;
        }

        @Override
        Void alone(FileAccess target, JazminTable table) {
            Map<Object, Object> stored = versions.stored(table, keyCells);
            for (int i = 0; i < keyCells.size(); i++) {
                Object id = keyCells.get(i);
                versions.check(id, required.get(i), stored.containsKey(id) ? stored.get(id) : MergedChange.ABSENT);
            }
            @SuppressWarnings("unchecked")
            RowCodec<T> codec = (RowCodec<T>) codec();
            InPlaceChanges.store(target, table, codec, rows, keyColumn());
            return null;
        }
    }

    /** Deletes the rows of the given keys; answers how many rows it deleted. */
    static final class KeyDelete extends QueuedChange<Long> {
        private final List<Object> keyCells;

        KeyDelete(Object kind, RowCodec<?> codec, String keyColumn, List<Object> keyCells) {
            super(kind, codec, keyColumn);
            this.keyCells = new ArrayList<>(keyCells); // a null id deletes rows without one, as a filter would
        }

        @Override
        Long applyTo(MergedChange merge) {
            long deleted = 0;
            for (Object key : keys(merge, keyCells)) {
                deleted += merge.remove(key);
            }
            return deleted;
        }

        @Override
        Long alone(FileAccess target, JazminTable table) {
            return InPlaceChanges.delete(target, table, Filter.in(keyColumn(), keyCells));
        }
    }

    /**
     * Deletes a versioned entity's row while it holds the entity's version; fails with
     * {@link OptimisticLockingFailureException} when it is stale or no longer stored.
     */
    static final class VersionedDelete<T> extends QueuedChange<Void> {
        private final EntityVersions<T> versions;
        private final T entity;
        private final Object keyCell;
        private final Object version;
        private final String what;

        /** {@code what} names the entity in the failure ("Card"). */
        VersionedDelete(Object kind, RowCodec<T> codec, EntityVersions<T> versions, T entity, String what) {
            super(kind, codec, versions.idColumn());
            this.versions = versions;
            this.entity = entity;
            this.keyCell = codec.cell(entity, versions.idColumn());
            this.version = codec.cell(entity, versions.column());
            this.what = what;
        }

        @Override
        Void applyTo(MergedChange merge) {
            Object key = merge.key(keyCell);
            Object stored = merge.version(key, keyCell, versions.column());
            if (stored == MergedChange.ABSENT || !EntityVersions.same(stored, version)) {
                throw stale();
            }
            merge.remove(key);
            return null;
        }

        @Override
        Void alone(FileAccess target, JazminTable table) {
            @SuppressWarnings("unchecked")
            RowCodec<T> codec = (RowCodec<T>) codec();
            if (InPlaceChanges.delete(target, table, versions.current(entity, codec)) == 0) {
                throw stale();
            }
            return null;
        }

        private OptimisticLockingFailureException stale() {
            return new OptimisticLockingFailureException("cannot delete " + what + " with id " + keyCell
                    + " at version " + version + ": it is stale or no longer stored");
        }
    }
}
