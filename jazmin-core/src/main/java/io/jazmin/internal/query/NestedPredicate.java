package io.jazmin.internal.query;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.data.Filter.NestedOp;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import java.util.List;
import java.util.Set;
import io.jazmin.error.InvalidFilterException;

/**
 * {@code any}/{@code all} on a list column and {@code match} on an object column (spec §2.1). The
 * inner predicate is bound to the object's fields, or to the list item itself at position 0, and is
 * tested on the entries of the column's child vectors. A null list or object matches nothing, a
 * null item object no inner filter; an empty list fails {@code any} and passes {@code all}.
 *
 * <p>Chunk pruning (spec §2.2 step 3): a chunk whose lists or objects are all null holds no match;
 * for {@code any} and {@code match} the leaf statistics must allow the inner filter to hold for
 * some entry. {@code all} is never pruned, and statistics never prove that every row matches.
 */
final class NestedPredicate extends Predicate {
    final int position;
    private final NestedOp op;
    private final List<Column> parts;
    private final boolean overFields;
    private final Predicate inner;

    private NestedPredicate(int position, NestedOp op, List<Column> parts, boolean overFields, Predicate inner) {
        this.position = position;
        this.op = op;
        this.parts = parts;
        this.overFields = overFields;
        this.inner = inner;
    }

    /** Binds {@code op} with {@code inner} on {@code column}, the column at {@code position}. */
    static NestedPredicate bind(int position, Column column, NestedOp op, Filter inner) {
        ColumnType wanted = op.columnType();
        if (column.type() != wanted) {
            throw new InvalidFilterException("'" + op.jsonName() + "' only applies to " + wanted.typeName() + " columns, and '"
                    + column.name() + "' is a " + column.type().typeName());
        }
        Column part = switch (op) {
            case MATCH -> column;
            case ANY, ALL -> column.item();
        };
        boolean overFields = part.type().hasFields();
        List<Column> parts = overFields ? part.fields()
                : List.of(new Column(Filter.ITEM, part.type(), part.nullable(), "", "", part.item(), part.fields()));
        return new NestedPredicate(position, op, parts, overFields, new FilterBinder(parts).bind(inner));
    }

    @Override
    public boolean test(ChunkValues values, int row) {
        ColumnVector v = values.byPosition()[position];
        if (v.isNull(row)) {
            return false;
        }
        return switch (op) {
            case MATCH -> inner.test(new ChunkValues(v.fields(), v.size()), v.entry(row));
            case ANY -> items(v, row, true);
            case ALL -> items(v, row, false);
        };
    }

    /** Whether some item of the row's list matches ({@code any}), or every one does. */
    private boolean items(ColumnVector v, int row, boolean any) {
        ColumnVector items = v.items();
        ChunkValues itemValues = new ChunkValues(overFields ? items.fields() : new ColumnVector[] {items},
                items.size());
        for (int i = v.itemStart(row); i < v.itemEnd(row); i++) {
            boolean matched = overFields
                    ? !items.isNull(i) && inner.test(itemValues, items.entry(i))
                    : inner.test(itemValues, i);
            if (matched == any) {
                return any;
            }
        }
        return !any;
    }

    @Override
    public Tri prune(StatisticsView stats) {
        LeafView view;
        if (stats instanceof LeafView outer) {
            view = outer.nested(position, parts, overFields);
        } else {
            ChunkStatistics s = stats.column(position);
            if (s == null) {
                return Tri.SOME;
            }
            if (s.nullCount() == stats.rowCount()) {
                return Tri.NONE;
            }
            view = new LeafView(s, new int[0], parts, overFields);
        }
        switch (op) {
            case ALL -> {
                return Tri.SOME;
            }
            case ANY, MATCH -> { }
        }
        // Only "no entry can match" carries over: a match for every entry says nothing about every row.
        return inner.prune(view) == Tri.NONE ? Tri.NONE : Tri.SOME;
    }

    @Override
    void collectColumns(Set<Integer> into) {
        into.add(position);
    }
}
