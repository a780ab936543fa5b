package io.jazmin.spring.boot.autoconfigure.oracle;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The oracle of one file: the entities it should hold by id, in the file's row order. An unsorted
 * file appends new rows and moves upserted ones to its end (an upsert deletes the stored row and
 * appends the new one); a file sorted by id keeps id order.
 *
 * @param <T> the entity type
 */
final class FileModel<T> {
    private final Map<Long, T> rows;
    private final ToLongFunction<T> id;

    private FileModel(Map<Long, T> rows, ToLongFunction<T> id) {
        this.rows = rows;
        this.id = id;
    }

    /** A file without {@code sorted-by}. */
    static <T> FileModel<T> appendOrder(ToLongFunction<T> id) {
        return new FileModel<>(new LinkedHashMap<>(), id);
    }

    /** A file with {@code sorted-by: id}. */
    static <T> FileModel<T> idOrder(ToLongFunction<T> id) {
        return new FileModel<>(new TreeMap<>(), id);
    }

    /** What {@code saveAll(batch)} does: of several with one id the last is stored, at the first one's place. */
    void save(Collection<T> batch) {
        Map<Long, T> byId = new LinkedHashMap<>();
        batch.forEach(e -> byId.put(id.applyAsLong(e), e));
        byId.forEach((key, e) -> {
            rows.remove(key);
            rows.put(key, e);
        });
    }

    void deleteIds(Collection<Long> ids) {
        ids.forEach(rows::remove);
    }

    /** Deletes the matching entities and returns them in file order. */
    List<T> deleteWhere(Predicate<T> p) {
        List<T> removed = where(p);
        removed.forEach(e -> rows.remove(id.applyAsLong(e)));
        return removed;
    }

    List<T> all() {
        return List.copyOf(rows.values());
    }

    List<T> where(Predicate<T> p) {
        List<T> out = new ArrayList<>();
        for (T e : rows.values()) {
            if (p.test(e)) {
                out.add(e);
            }
        }
        return out;
    }

    T get(long key) {
        return rows.get(key);
    }

    boolean contains(long key) {
        return rows.containsKey(key);
    }

    List<Long> ids() {
        return List.copyOf(rows.keySet());
    }

    int size() {
        return rows.size();
    }
}
