package io.jazmin.internal.table;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.index.Postings;
import java.util.Arrays;

/** The sorted row ids a table has deleted (spec §1.17); readers never return them. */
public final class DeletedRows {
    private static final DeletedRows NONE = new DeletedRows(new long[0]);
    private final long[] ids;

    private DeletedRows(long[] ids) {
        this.ids = ids;
    }

    public static DeletedRows none() {
        return NONE;
    }

    /** Parses a deletes section payload and checks it lists {@code expectedCount} ids. */
    public static DeletedRows parse(byte[] payload, long expectedCount, long rowCount) {
        long[] ids = Postings.readSection(payload, rowCount, "deleted-rows section");
        if (ids.length != expectedCount) {
            throw new JazminFormatException("deleted-rows section lists " + ids.length + " rows but the table says "
                    + expectedCount);
        }
        return new DeletedRows(ids);
    }

    /** The deleted row ids, ascending (a copy). */
    public long[] toArray() {
        return ids.clone();
    }

    public boolean isEmpty() {
        return ids.length == 0;
    }

    public boolean contains(long rowId) {
        return ids.length > 0 && Arrays.binarySearch(ids, rowId) >= 0;
    }

    /** How many deleted ids lie in {@code [from, to)}. */
    public int countIn(long from, long to) {
        if (ids.length == 0) {
            return 0;
        }
        return insertionPoint(to) - insertionPoint(from);
    }

    private int insertionPoint(long id) {
        int i = Arrays.binarySearch(ids, id);
        return i >= 0 ? i : -i - 1;
    }
}
