package io.jazmin.internal.query;

import io.jazmin.data.Filter.Op;
import io.jazmin.internal.column.ChunkStatistics;
import io.jazmin.internal.column.ColumnVector;
import io.jazmin.internal.column.Utf8Text;
import io.jazmin.internal.index.IndexLookup;
import java.util.Locale;

/** Text operators on a string column: substring, prefix and suffix tests, case-sensitive or not. */
final class TextTest extends ColumnPredicate {
    final Op op;
    final String text;
    private final String lowered;
    /** The case-sensitive condition tested on plain strings' UTF-8 bytes, and the text's bytes; else {@code null}s. */
    private final Utf8Text.Match match;
    private final byte[] utf8;

    TextTest(int position, Op op, String text) {
        super(position);
        this.op = op;
        this.text = text;
        this.lowered = text.toLowerCase(Locale.ROOT);
        this.utf8 = Utf8Text.needle(text);
        this.match = utf8 == null ? null : switch (op) {
            case CONTAINS -> Utf8Text.Match.CONTAINS;
            case STARTS_WITH -> Utf8Text.Match.STARTS_WITH;
            case ENDS_WITH -> Utf8Text.Match.ENDS_WITH;
            // case folding needs the strings
            case ICONTAINS, IEQ, ISTARTS_WITH, IENDS_WITH -> null;
            case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> throw new IllegalStateException(op.name());
        };
    }

    /** Plain strings are tested on their bytes where the condition is case-sensitive (no string per value). */
    @Override
    void retain(ChunkValues values, int rows, long[] bits) {
        ColumnVector v = values.byPosition()[position];
        if (match != null && Utf8Text.readable(v) && v.size() >= rows) {
            retainEach(bits, row -> !v.isNull(row) && Utf8Text.matches(v, row, utf8, match));
        } else {
            super.retain(values, rows, bits);
        }
    }

    @Override
    boolean testValue(ColumnVector v, int row) {
        return testEntry(v.get(row));
    }

    @Override
    boolean testEntry(Object value) {
        String s = (String) value;
        return switch (op) {
            case CONTAINS -> s.contains(text);
            case ICONTAINS -> s.toLowerCase(Locale.ROOT).contains(lowered);
            case STARTS_WITH -> s.startsWith(text);
            case ENDS_WITH -> s.endsWith(text);
            case IEQ -> s.toLowerCase(Locale.ROOT).equals(lowered);
            case ISTARTS_WITH -> s.toLowerCase(Locale.ROOT).startsWith(lowered);
            case IENDS_WITH -> s.toLowerCase(Locale.ROOT).endsWith(lowered);
            // FilterBinder binds comparisons and isNull to other tests.
            case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> throw new IllegalStateException(op.name());
        };
    }

    /**
     * The index lookup whose rows include every row this test matches (the planner's sorted prefix
     * lookup, or a trigram contains lookup), or {@code null} when no index narrows it.
     */
    IndexLookup impliedLookup() {
        return switch (op) {
            case STARTS_WITH -> new IndexLookup.StartsWith(text);
            // each of these implies the value contains the text
            case CONTAINS, ENDS_WITH -> new IndexLookup.Contains(text, false);
            case ICONTAINS, IEQ, ISTARTS_WITH, IENDS_WITH -> new IndexLookup.Contains(text, true);
            case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> throw new IllegalStateException(op.name());
        };
    }

    @Override
    Tri pruneBounds(ChunkStatistics s) {
        return switch (op) {
            case STARTS_WITH -> prefixBounds(s);
            // no bound on the values follows from these
            case CONTAINS, ICONTAINS, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> Tri.SOME;
            case EQ, NE, IN, GT, GTE, LT, LTE, IS_NULL -> throw new IllegalStateException(op.name());
        };
    }

    private Tri prefixBounds(ChunkStatistics s) {
        // Values starting with the prefix sort at or after it, and before any larger string that
        // does not start with it.
        String min = (String) s.minKey(io.jazmin.schema.ColumnType.STRING);
        String max = (String) s.maxKey(io.jazmin.schema.ColumnType.STRING);
        boolean none = (max != null && max.compareTo(text) < 0)
                || (min != null && min.compareTo(text) > 0 && !min.startsWith(text));
        return none ? Tri.NONE : Tri.SOME;
    }
}
