package io.jazmin.internal.shape;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.internal.query.FilterBinder;
import io.jazmin.internal.query.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One table a shape reads (the exported table, or one named by {@code $from}): its columns, the
 * columns the shape uses anywhere in it, and the list filters that are checked on rows held in
 * memory (a group's rows, linked rows), each evaluated once when the row is read.
 */
final class TableScope {
    private final TableReader table;
    private final String name;
    private final List<Column> columns;
    private final FilterBinder binder;
    private final Set<Integer> used = new TreeSet<>();
    private final List<Predicate> heldFilters = new ArrayList<>();

    TableScope(TableReader table) {
        this(table, table.name(), table.columns());
    }

    /** A table known by its columns only (a table being written): shapes are checked on it, not run. */
    TableScope(String name, List<Column> columns) {
        this(null, name, columns);
    }

    private TableScope(TableReader table, String name, List<Column> columns) {
        this.table = table;
        this.name = name;
        this.columns = List.copyOf(columns);
        this.binder = new FilterBinder(this.columns);
    }

    TableReader table() {
        return table;
    }

    String name() {
        return name;
    }

    List<Column> columns() {
        return columns;
    }

    /** The position of column {@code name}, or -1. */
    int position(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Notes that the shape reads column {@code position} of this table. */
    void use(int position) {
        used.add(position);
    }

    /**
     * Binds {@code filter} (so a bad one fails now), notes its columns and registers it as a filter
     * of held rows.
     *
     * @return its index among the held-row filters
     */
    int addHeldFilter(Filter filter) {
        Predicate p = bind(filter);
        used.addAll(p.columns());
        heldFilters.add(p);
        return heldFilters.size() - 1;
    }

    /** Binds {@code filter} to the columns (which checks it) and notes the columns it reads. */
    Predicate bind(Filter filter) {
        Predicate p = binder.bind(filter);
        used.addAll(p.columns());
        return p;
    }

    /** Every column the shape reads in this table, in position order. */
    int[] usedPositions() {
        return used.stream().mapToInt(Integer::intValue).toArray();
    }

    List<Predicate> heldFilters() {
        return heldFilters;
    }
}
