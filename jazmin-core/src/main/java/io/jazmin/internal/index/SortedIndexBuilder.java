package io.jazmin.internal.index;

import io.jazmin.schema.ColumnType;
import io.jazmin.internal.column.KeyForms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds the sorted index of one column (spec §1.16) from the values the writer stores: distinct
 * key forms in ascending order, each with the ids of its rows; null cells go to the null postings,
 * NaN is never indexed. Rows must be added in ascending row-id order. Produces the same bytes as
 * the reference writer.
 *
 * <p>Keys that arrive in ascending order (ids, sorted columns) are kept without any lookup table;
 * the first key out of order switches to a hash table, and the keys are sorted when pages are made.
 * Int and datetime keys are kept unboxed: storing each boxed key in a long-lived list took the
 * garbage collector's slow write barrier (a young object into an old array) and cost more than the
 * rest of adding it.
 */
public final class SortedIndexBuilder {
    private final ColumnType type;
    private final Comparator<Object> order;
    // Distinct keys as first seen (int and datetime ones in longKeys, others in objectKeys), with the
    // first row id of each and, for keys seen again, the later ids (up to the last such key only).
    private final LongList longKeys;
    private final List<Object> objectKeys;
    private final LongList firstRows = new LongList();
    private PostingsBuffer[] moreRows = new PostingsBuffer[0];
    private Map<Object, Integer> positions; // null while the keys arrive in ascending order
    private final LongList nulls = new LongList();
    private long lastRowId = -1;
    // Pages cut early (cutPages) while the keys arrive in ascending order: the writer of the page
    // being filled, how many keys it was given, and the page size and encoding it cuts with.
    private PageWriter cutting;
    private int cut;
    private int cutPageBytes;
    private final List<IndexPage> cutPages = new ArrayList<>();

    /**
     * @param type the column type: bool, int, float, decimal, string or datetime
     * @throws IllegalArgumentException for a type without key form
     */
    public SortedIndexBuilder(ColumnType type) {
        if (!type.isOrdered()) {
            throw new IllegalArgumentException(type.typeName() + " columns cannot have a sorted index");
        }
        this.type = type;
        this.order = KeyForms.comparator(type);
        boolean unboxed = KeyForms.isLongKey(type);
        this.longKeys = unboxed ? new LongList() : null;
        this.objectKeys = unboxed ? null : new ArrayList<>();
    }

    /**
     * Adds the cell of row {@code rowId}.
     *
     * @param value {@code null}, or the value as the writer stores it: {@link Boolean}, {@link Long}
     *              (int; datetime as epoch ms), {@link Double}, {@link java.math.BigDecimal} or
     *              {@link String}
     * @throws IllegalArgumentException when {@code rowId} is not above the previous one
     */
    public void add(long rowId, Object value) {
        if (rowId <= lastRowId) {
            throw new IllegalArgumentException("row ids must ascend: " + rowId + " after " + lastRowId);
        }
        lastRowId = rowId;
        if (value == null) {
            nulls.add(rowId);
            return;
        }
        Object key = IndexKeys.keyOf(type, value);
        if (key == null) {
            return; // NaN: never indexed, equal to nothing
        }
        int n = firstRows.size();
        if (positions == null && n > 0) {
            int c = longKeys != null ? Long.compare(longKeys.get(n - 1), (Long) key)
                    : order.compare(objectKeys.get(n - 1), key);
            if (c == 0) {
                addRow(n - 1, rowId);
                return;
            }
            if (c > 0) {
                dropCutPages();
                positions = new HashMap<>(n * 2);
                for (int i = 0; i < n; i++) {
                    positions.put(key(i), i);
                }
            }
        }
        if (positions != null) {
            // Equal key forms are equal objects: -0 is folded and decimals are reduced by keyOf.
            Integer at = positions.putIfAbsent(key, n);
            if (at != null) {
                addRow(at, rowId);
                return;
            }
        }
        if (longKeys != null) {
            longKeys.add((Long) key);
        } else {
            objectKeys.add(key);
        }
        firstRows.add(rowId);
    }

    /** The key at position {@code at}, as {@link IndexKeys#keyOf} gives it. */
    private Object key(int at) {
        return longKeys != null ? Long.valueOf(longKeys.get(at)) : objectKeys.get(at);
    }

    /** The later row ids of the key at {@code at}, or {@code null} when it was seen once. */
    private PostingsBuffer moreRows(int at) {
        return at < moreRows.length ? moreRows[at] : null;
    }

    private void addRow(int at, long rowId) {
        PostingsBuffer more = moreRows(at);
        if (more == null) {
            more = new PostingsBuffer(firstRows.get(at));
            if (at >= moreRows.length) {
                moreRows = Arrays.copyOf(moreRows, Math.max(at + 1, 2 * moreRows.length));
            }
            moreRows[at] = more;
        }
        more.add(rowId);
    }

    /**
     * Cuts the index into pages and hands them to {@code sink} in key order. Entries are appended
     * to a page until its body would take at least {@code pageBytes} bytes in encoding 0; a small
     * index is one page, an index without keys has none.
     *
     * @param pageBytes target page body size (the reference uses 64 KiB)
     * @param compact   write encoding 1 (reader feature {@code index-deltas}) instead of 0
     */
    public void pages(int pageBytes, boolean compact, Consumer<IndexPage> sink) {
        if (pageBytes < 1) {
            throw new IllegalArgumentException("pageBytes must be positive");
        }
        if (cutting != null && cutPageBytes == pageBytes && cutting.compact() == compact) {
            // The same greedy cut as below, resumed where cutPages stopped; only once.
            cutPages.forEach(sink);
            addKeys(cutting, cut, firstRows.size(), pageBytes, sink);
            if (cutting.count() > 0) {
                sink.accept(cutting.finish());
            }
            dropCutPages();
            return;
        }
        PageWriter page = new PageWriter(type, compact);
        for (int at : sortedPositions()) {
            add(page, at, pageBytes, sink);
        }
        if (page.count() > 0) {
            sink.accept(page.finish());
        }
    }

    /**
     * While the keys have arrived in ascending order, cuts the pages whose keys can no longer
     * change (all keys but the last, which later rows may repeat) and returns the pages not
     * returned before, so that a writer can compress them while rows still arrive. The next
     * {@link #pages} with the same page size and encoding resumes from them and hands the same pages
     * as without this. Once a key comes out of order, the pages returned are void (see
     * {@link #keysAscend()}) and none is cut.
     */
    public List<IndexPage> cutPages(int pageBytes, boolean compact) {
        if (positions != null) {
            return List.of();
        }
        if (cutting == null) {
            cutting = new PageWriter(type, compact);
            cutPageBytes = pageBytes;
        } else if (cutPageBytes != pageBytes || cutting.compact() != compact) {
            throw new IllegalArgumentException("pages are already cut with another page size or encoding");
        }
        int before = cutPages.size();
        int upTo = Math.max(cut, firstRows.size() - 1);
        addKeys(cutting, cut, upTo, pageBytes, cutPages::add);
        cut = upTo;
        return List.copyOf(cutPages.subList(before, cutPages.size()));
    }

    /** Whether every key so far came in ascending order: the pages {@link #cutPages} returned are then valid. */
    public boolean keysAscend() {
        return positions == null;
    }

    private void addKeys(PageWriter page, int from, int to, int pageBytes, Consumer<IndexPage> sink) {
        for (int at = from; at < to; at++) {
            add(page, at, pageBytes, sink);
        }
    }

    private void add(PageWriter page, int at, int pageBytes, Consumer<IndexPage> sink) {
        if (longKeys != null) {
            page.add(longKeys.get(at), firstRows.get(at), moreRows(at));
        } else {
            page.add(objectKeys.get(at), firstRows.get(at), moreRows(at));
        }
        if (page.plainSize() >= pageBytes) {
            sink.accept(page.finish());
        }
    }

    private void dropCutPages() {
        cutting = null;
        cut = 0;
        cutPages.clear();
    }

    /** The pages ({@link #pages(int, boolean, Consumer)}) and the null postings, made ready to write. */
    public SortedPayloads payloads(int pageBytes, boolean compact) {
        List<IndexPage> pages = new ArrayList<>();
        pages(pageBytes, compact, pages::add);
        return new SortedPayloads(pages, nullsPayload());
    }

    private int[] sortedPositions() {
        int n = firstRows.size();
        if (positions == null) {
            int[] identity = new int[n];
            Arrays.setAll(identity, i -> i);
            return identity;
        }
        Integer[] boxed = new Integer[n];
        Arrays.setAll(boxed, i -> i);
        Arrays.sort(boxed, longKeys != null ? (a, b) -> Long.compare(longKeys.get(a), longKeys.get(b))
                : (a, b) -> order.compare(objectKeys.get(a), objectKeys.get(b)));
        return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    }

    /** The null-postings section payload (encoding byte + postings), or {@code null} when no cell was null. */
    public byte[] nullsPayload() {
        return nulls.size() == 0 ? null : Postings.encodeSection(nulls.toArray());
    }
}
