package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.column.KeyForms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One segment of a sorted index (spec §1.16), read on demand: only the directory is held up front;
 * a lookup reads the pages it needs, and the last 8 decoded pages are kept.
 * A key can only be on the last page whose first key is at most that key. Not thread-safe.
 *
 * <p>Lookup values are converted to key forms first, so decimals compare numerically
 * ({@code 1.50} equals {@code 1.5}), float −0 equals +0, and strings compare by UTF-16 code units.
 */
public final class SortedIndex implements ColumnIndex {
    private static final int CACHED_PAGES = 8;
    private static final int DIGEST_BYTES = 32;

    private final ColumnType type;
    private final Comparator<Object> order;
    private final String sectionId;
    private final Object[] firstKeys;
    private final int[] entryCounts;
    private final SectionRef[] pages;
    private final SectionRef nullsRef;
    private final long rowCount;
    private final boolean indexDeltas;
    private final SectionLoader loader;
    private final Map<Integer, SortedPage> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, SortedPage> eldest) {
            return size() > CACHED_PAGES;
        }
    };

    /**
     * Reads the directory of a sorted index segment through {@code loader}.
     *
     * @param table       the table's number in the file
     * @param rowCount    the table's row count (written rows, deleted ones included)
     * @param indexDeltas whether the file lists reader feature {@code index-deltas}
     * @throws JazminFormatException when the directory is damaged or inconsistent
     */
    public static SortedIndex open(int table, IndexRef ref, ColumnType type, long rowCount, boolean indexDeltas,
                                   SectionLoader loader) {
        if (!IndexRef.SORTED.equals(ref.kind())) {
            throw new IllegalArgumentException("not a sorted index: " + ref.kind());
        }
        String id = IndexSectionIds.index(table, ref.column(), IndexRef.SORTED, ref.segment());
        if (ref.section() == null) {
            throw new JazminFormatException("index has no directory section", id, -1);
        }
        IndexDirectory directory = loader.directory(id, ref.section());
        try {
            return new SortedIndex(type, directory, id, rowCount, indexDeltas, loader);
        } catch (JazminFormatException e) {
            throw e.inSection(id, ref.section().offset());
        }
    }

    /**
     * A sorted index over an already decoded directory.
     *
     * @param sectionId the directory's section id ({@link IndexSectionIds#index}); page ids derive from it
     * @throws JazminFormatException when the directory is inconsistent
     */
    public SortedIndex(ColumnType type, IndexDirectory directory, String sectionId, long rowCount,
                       boolean indexDeltas, SectionLoader loader) {
        if (!type.isOrdered()) {
            throw new IllegalArgumentException(type.typeName() + " columns cannot have a sorted index");
        }
        this.type = type;
        this.order = KeyForms.comparator(type);
        this.sectionId = sectionId;
        this.rowCount = rowCount;
        this.indexDeltas = indexDeltas;
        this.loader = loader;
        this.nullsRef = directory.nulls();
        this.entryCounts = directory.entryCounts();
        int n = directory.firstKeys().size();
        byte[] digests = directory.pageDigests();
        if (entryCounts.length != n || directory.pageOffsets().length != n || directory.pageLengths().length != n
                || (digests.length != 0 && digests.length != (long) n * DIGEST_BYTES)) {
            throw new JazminFormatException("index directory lists of different lengths", sectionId, -1);
        }
        this.firstKeys = new Object[n];
        this.pages = new SectionRef[n];
        for (int i = 0; i < n; i++) {
            firstKeys[i] = IndexKeys.decodeFirstKey(type, directory.firstKeys().get(i));
            if (entryCounts[i] <= 0 || (i > 0 && order.compare(firstKeys[i - 1], firstKeys[i]) >= 0)) {
                throw new JazminFormatException("index directory page " + i
                        + " is empty or its first key is not above the previous page's", sectionId, -1);
            }
            byte[] digest = digests.length == 0 ? null
                    : Arrays.copyOfRange(digests, i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES);
            pages[i] = new SectionRef(directory.pageOffsets()[i], directory.pageLengths()[i], digest);
        }
    }

    @Override
    public OptionalLong cost(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.IsNull) {
            return OptionalLong.of(nullsRef == null ? 0 : nullsRef.length());
        }
        BitSet span = new BitSet();
        if (lookup instanceof IndexLookup.Eq eq) {
            addEqSpan(span, eq.value());
        } else if (lookup instanceof IndexLookup.In in) {
            in.values().forEach(v -> addEqSpan(span, v));
        } else if (lookup instanceof IndexLookup.Range r) {
            Object[] keys = rangeKeys(r.lower(), r.upper());
            if (keys != null) {
                addRangeSpan(span, keys);
            }
        } else if (lookup instanceof IndexLookup.StartsWith s && type.isText()) {
            addPrefixSpan(span, s.prefix());
        } else {
            return OptionalLong.empty(); // contains, or startsWith on a column that is not text
        }
        long bytes = 0;
        for (int i = span.nextSetBit(0); i >= 0; i = span.nextSetBit(i + 1)) {
            if (!cache.containsKey(i)) {
                bytes += pages[i].length();
            }
        }
        return OptionalLong.of(bytes);
    }

    @Override
    public RowIdSet rows(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.Eq eq) {
            return eq(eq.value());
        } else if (lookup instanceof IndexLookup.In in) {
            return in(in.values());
        } else if (lookup instanceof IndexLookup.Range r) {
            return range(r.lower(), r.lowerInclusive(), r.upper(), r.upperInclusive());
        } else if (lookup instanceof IndexLookup.StartsWith s) {
            return startsWith(s.prefix());
        } else if (lookup instanceof IndexLookup.IsNull) {
            return nulls();
        }
        throw new IllegalArgumentException("a sorted index cannot answer " + lookup);
    }

    /** Rows whose key equals {@code value}; reads at most one page. */
    public RowIdSet eq(Object value) {
        Object key = keyOf(value);
        int page = key == null ? -1 : pageFor(key);
        return page < 0 ? RowIdSet.empty() : page(page).eq(key);
    }

    /** Rows whose key equals one of {@code values}. */
    public RowIdSet in(Collection<?> values) {
        List<RowIdSet> parts = new ArrayList<>(values.size());
        for (Object v : values) {
            parts.add(eq(v));
        }
        return RowIdSet.unionAll(parts);
    }

    /**
     * Rows whose key lies between {@code lower} and {@code upper}; a {@code null} bound leaves that
     * side open, a NaN bound matches nothing.
     */
    public RowIdSet range(Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) {
        Object[] keys = rangeKeys(lower, upper);
        if (keys == null) {
            return RowIdSet.empty();
        }
        BitSet span = new BitSet();
        addRangeSpan(span, keys);
        List<RowIdSet> parts = new ArrayList<>();
        for (int i = span.nextSetBit(0); i >= 0; i = span.nextSetBit(i + 1)) {
            parts.add(page(i).between(keys[0], lowerInclusive, keys[1], upperInclusive));
        }
        return RowIdSet.unionAll(parts);
    }

    /**
     * Rows whose string starts with {@code prefix} (UTF-16 code units).
     *
     * @throws IllegalArgumentException when the column is not a string column
     */
    public RowIdSet startsWith(String prefix) {
        if (!type.isText()) {
            throw new IllegalArgumentException("startsWith needs a string index, not " + type.typeName());
        }
        BitSet span = new BitSet();
        addPrefixSpan(span, prefix);
        List<RowIdSet> parts = new ArrayList<>();
        for (int i = span.nextSetBit(0); i >= 0; i = span.nextSetBit(i + 1)) {
            parts.add(page(i).prefix(prefix));
        }
        return RowIdSet.unionAll(parts);
    }

    /** Rows whose cell is null (read from the null-postings section, if any). */
    public RowIdSet nulls() {
        if (nullsRef == null) {
            return RowIdSet.empty();
        }
        String id = IndexSectionIds.nulls(sectionId);
        byte[] payload = loader.load(id, nullsRef);
        try {
            return RowIdSet.ofSorted(Postings.readSection(payload, rowCount, "index null postings"));
        } catch (JazminFormatException e) {
            throw e.inSection(id, nullsRef.offset());
        }
    }

    private void addEqSpan(BitSet span, Object value) {
        Object key = keyOf(value);
        int page = key == null ? -1 : pageFor(key);
        if (page >= 0) {
            span.set(page);
        }
    }

    /** The key forms of range bounds ({@code null}: open side), or {@code null} when a bound is NaN. */
    private Object[] rangeKeys(Object lower, Object upper) {
        Object low = lower == null ? null : keyOf(lower);
        Object high = upper == null ? null : keyOf(upper);
        return (lower != null && low == null) || (upper != null && high == null) ? null : new Object[] {low, high};
    }

    private void addRangeSpan(BitSet span, Object[] keys) {
        int from = keys[0] == null ? 0 : Math.max(pageFor(keys[0]), 0);
        int to = keys[1] == null ? pages.length - 1 : pageFor(keys[1]);
        if (from <= to) {
            span.set(from, to + 1);
        }
    }

    // Keys with the prefix are contiguous: they run on while the next page's first key still has it.
    private void addPrefixSpan(BitSet span, String prefix) {
        if (pages.length == 0) {
            return;
        }
        int from = Math.max(pageFor(prefix), 0);
        int to = from;
        while (to + 1 < pages.length && ((String) firstKeys[to + 1]).startsWith(prefix)) {
            to++;
        }
        span.set(from, to + 1);
    }

    /** The last page whose first key is at most {@code key}, or -1 when the key is below every page. */
    private int pageFor(Object key) {
        int lo = 0;
        int hi = pages.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (order.compare(firstKeys[mid], key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    /** The key form of a lookup value, or {@code null} for NaN. */
    private Object keyOf(Object value) {
        try {
            return KeyForms.keyOf(type, value);
        } catch (ClassCastException e) {
            throw new IllegalArgumentException("a " + type.typeName() + " index cannot be searched for a "
                    + value.getClass().getSimpleName(), e);
        }
    }

    private SortedPage page(int i) {
        SortedPage page = cache.get(i);
        if (page != null) {
            return page;
        }
        String id = IndexSectionIds.page(sectionId, i);
        byte[] payload = loader.load(id, pages[i]);
        try {
            page = SortedPage.decode(payload, type, indexDeltas, rowCount);
            checkAgainstDirectory(page, i);
        } catch (JazminFormatException e) {
            throw e.inSection(id, pages[i].offset());
        }
        cache.put(i, page);
        return page;
    }

    // The directory routes lookups by first keys: a page that disagrees would silently lose rows.
    private void checkAgainstDirectory(SortedPage page, int i) {
        if (page.size() != entryCounts[i]) {
            throw new JazminFormatException("index page holds " + page.size() + " entries, its directory says "
                    + entryCounts[i]);
        }
        if (order.compare(page.key(0), firstKeys[i]) != 0) {
            throw new JazminFormatException("index page's first key differs from its directory's");
        }
        if (i + 1 < pages.length && order.compare(page.key(page.size() - 1), firstKeys[i + 1]) >= 0) {
            throw new JazminFormatException("index page's last key is not below the next page's first key");
        }
    }
}
