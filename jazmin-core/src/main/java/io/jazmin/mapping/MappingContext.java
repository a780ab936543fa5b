package io.jazmin.mapping;

import io.jazmin.data.Row;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.RowFactory;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Where a mapping is (row, column, path inside the cell), which objects are open on the current
 * path (for cycle detection) and how deep it is. One per writer or read stream; not thread-safe.
 */
final class MappingContext {
    private static final RowFactory.View<Row> ROWS = RowFactory.view(Row.class);

    private final MappingOptions options;
    private final JsonCodec json;
    private final List<String> path = new ArrayList<>();
    private final IdentityHashMap<Object, Boolean> open = new IdentityHashMap<>();
    /** The object being written, open for the whole row, or {@code null} when reading. */
    private Object root;
    private long row = -1;
    /** The decoded vectors of the row being read, and its position in them. */
    private ColumnVector[] vectors;
    private int position;
    private String column;
    private int depth;
    /** Whether values are converted as filter operands, compared rather than stored (see {@link JavaCells#toOperand}). */
    private boolean operands;

    MappingContext(MappingOptions options, JsonCodec json) {
        this.options = options;
        this.json = json;
    }

    MappingOptions options() {
        return options;
    }

    boolean operands() {
        return operands;
    }

    void operands(boolean value) {
        operands = value;
    }

    JsonCodec json() {
        return json;
    }

    /** Starts a row; {@code root} is the object being written, or {@code null} when reading. */
    void startRow(long rowNumber, Object root) {
        row = rowNumber;
        column = null;
        depth = 0;
        if (!path.isEmpty()) {
            path.clear();
        }
        // Clearing an empty IdentityHashMap still wipes its whole table: skip it on the hot path.
        if (!open.isEmpty()) {
            open.clear();
        }
        // The root is kept apart from the open containers, so flat rows never touch the map.
        this.root = root;
    }

    /**
     * Starts reading {@code source}: the row mapper's readers take its cells straight from the
     * decoded vectors it views, without going through the row's accessors.
     */
    void startRow(Row source) {
        startRow(ROWS.vectors(source), ROWS.position(source), source.rowId());
    }

    /** Starts reading row {@code rowId}, at {@code position} of the decoded {@code vectors} of its chunk. */
    void startRow(ColumnVector[] vectors, int position, long rowId) {
        this.vectors = vectors;
        this.position = position;
        startRow(rowId, null);
    }

    /** The vector of the row being read holding its cell {@code i}. */
    ColumnVector vector(int i) {
        return vectors[i];
    }

    /** The row's position in its {@link #vector vectors}. */
    int position() {
        return position;
    }

    /** Cell {@code i} of the row being read, as {@link Row#get(int)} gives it. */
    Object cell(int i) {
        return vectors[i].get(position);
    }

    void column(String name) {
        column = name;
    }

    /** Appends a path segment ({@code ".address"}, {@code "[3]"}). */
    void push(String segment) {
        path.add(segment);
    }

    void pop() {
        path.remove(path.size() - 1);
    }

    /**
     * Enters a nested container. {@code value} is the object being written (checked for cycles), or
     * {@code null} when reading.
     */
    void enter(Object value) {
        if (++depth > options.maxDepth()) {
            throw fail(MappingException.Reason.DEPTH_LIMIT, "nesting is deeper than " + options.maxDepth());
        }
        if (value != null && (value == root || open.put(value, Boolean.TRUE) != null)) {
            throw fail(MappingException.Reason.CYCLE, "cycle: this object is already being written higher up");
        }
    }

    void exit(Object value) {
        depth--;
        if (value != null) {
            open.remove(value);
        }
    }

    /** Refuses a collection or text over the limit. */
    void checkItems(int count) {
        if (count > options.maxItems()) {
            throw fail(MappingException.Reason.SIZE_LIMIT, count + " items exceed the limit of " + options.maxItems());
        }
    }

    /** The most characters of one string cell ({@link MappingOptions#maxTextLength()}). */
    int maxTextLength() {
        return options.maxTextLength();
    }

    void checkText(int length, String what) {
        if (length > options.maxTextLength()) {
            throw fail(MappingException.Reason.SIZE_LIMIT, what + " of length " + length + " exceeds the limit of "
                    + options.maxTextLength());
        }
    }

    /** An error at the current row, column and path. */
    MappingException fail(MappingException.Reason reason, String problem) {
        return new MappingException(reason, row, column, currentPath(), problem);
    }

    private String currentPath() {
        if (column == null || path.isEmpty()) {
            return column;
        }
        StringBuilder s = new StringBuilder(column);
        path.forEach(s::append);
        return s.toString();
    }
}
