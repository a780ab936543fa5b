package io.jazmin.internal.query;

import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter.Op;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.index.ColumnIndex;
import io.jazmin.internal.index.IndexLookup;
import io.jazmin.internal.index.IndexSegments;
import io.jazmin.internal.index.RowIdSet;
import io.jazmin.internal.index.SectionLoader;
import io.jazmin.internal.table.ChunkInfo;
import io.jazmin.internal.table.TableData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Chooses index lookups for a predicate (spec §2.2): AND intersects the candidates of usable
 * indexes, OR unions them only when every branch has one, NOT and {@code ne} give none. A sorted
 * lookup is made when it reads at most 8 KiB of index pages or less than the scan would. Trigram
 * lookups are weighed as below; a word whose rarest gram is in most rows is scanned for instead (its candidates would narrow little, and their postings are the
 * costly part). Costs come from the index directories and section references before any page or
 * trigram section is read.
 *
 * <p>Trigram lookups: spec §2.2 treats them as always cheap, yet a trigram section must be read and
 * inflated whole, and a lookup's candidates must still be checked in their chunks, so when the
 * sections still to read inflate to more than {@link #ALWAYS_CHEAP_BYTES} and more than a scan
 * inflates of the filter's columns, the lookup costs more than the scan whatever it selects, and the
 * query scans (issue 33). What a scan inflates is known only from column flush points; without them
 * (the interop cases' reference files) lookups are made as spec §2.2 plans them, which is the plan those
 * cases record. {@code explain} and the queries plan by this one rule, so {@code explain} reports the
 * plan {@code count} and {@code find} run; the rows are the same either way (index candidates are a
 * superset every query checks row by row). A section a reader has read already costs nothing more.
 *
 * <p>Lookups spread over the scan: a lookup whose rows lie in every chunk the scan reads (or all but
 * one in {@link #SPREAD_MISSED_CHUNKS}), {@link QueryEngine#MANY_CANDIDATES} or more per chunk on
 * average, saves the scan nothing: each of those chunks has its filter columns decoded whole and every
 * row tested either way, and the candidates cost their lookup, a copy per query and a bitmap per chunk
 * (issue 33: {@code country = 'NA'}, in one row in eight, lists rows of every chunk). Such a lookup is
 * dropped from an AND (its condition is checked row by row, as every condition is), and a filter left
 * with none, or whose candidates are spread so, is scanned. The rule needs the lookup's rows, so it
 * costs the lookup (one page read, one posting list decoded: {@code SortedPage}); what it saves is
 * what follows it. Trigram lookups are left to the rules above: their candidates spare the text
 * checks, costly per row, of the rows they leave out. Like the trigram rule, this one is not part of
 * spec §2.2, and files without column flush points (the interop cases' reference files, whose
 * recorded plans are spec §2.2's) are planned as spec §2.2 plans them.
 */
final class IndexPlanner {
    /** Lookups this small are always made. */
    static final long ALWAYS_CHEAP_BYTES = 8 * 1024;
    /**
     * A lookup whose rows miss at most one in this many of the chunks the scan reads (none of a
     * smaller scan) counts as spread over the scan (see the class comment).
     */
    static final int SPREAD_MISSED_CHUNKS = 16;

    /**
     * Row ids from indexes, always re-checked against the whole filter.
     *
     * @param indexed what every candidate must satisfy if the indexes are right (the conditions of
     *                the sorted lookups made; the filter itself, the same object, when they answer all
     *                of it), or {@code null} when a trigram lookup, a superset by design, is among them
     */
    record Candidates(RowIds rows, Predicate indexed) {
    }

    /** A lookup the planner could make: its cost and how to run it (once: {@link #rows()} keeps what it found). */
    private static final class Choice {
        private final long cost;
        private final Predicate indexed;
        private Supplier<RowIdSet> lookup;
        private RowIdSet rows;

        Choice(long cost, Predicate indexed, Supplier<RowIdSet> lookup) {
            this.cost = cost;
            this.indexed = indexed;
            this.lookup = lookup;
        }

        long cost() {
            return cost;
        }

        Predicate indexed() {
            return indexed;
        }

        RowIdSet rows() {
            if (rows == null) {
                rows = lookup.get();
                lookup = null;
            }
            return rows;
        }
    }

    private final TableData data;
    private final Map<String, ColumnIndex> opened = new HashMap<>();
    /** The counters of the query being planned; index sections read are charged to it. */
    private QueryStats current = new QueryStats();
    /** What the scan of the query being planned would inflate of its filter's columns (-1: not known). */
    private LongSupplier columnBytes;
    /** The chunks the scan of the query being planned would read, or {@code null} when not known. */
    private List<ChunkInfo> scanned;

    IndexPlanner(TableData data) {
        this.data = data;
    }

    /**
     * The candidates for {@code predicate}, or {@code null} when no index helps.
     *
     * @param scanned     the chunks a scan would read (in file order), or {@code null} when not known: then no
     *                    lookup is weighed by how its rows spread over them (see the class comment)
     * @param scanBytes   the bytes a scan would read, asked only for lookups not always cheap
     * @param columnBytes the raw bytes a scan would inflate of the filter's columns, or -1 when the file
     *                    does not tell; asked only for trigram lookups whose sections are still to read
     */
    Candidates candidates(Predicate predicate, List<ChunkInfo> scanned, LongSupplier scanBytes,
                          LongSupplier columnBytes, QueryStats stats) {
        if (data.indexes().isEmpty()) {
            return null;
        }
        current = stats;
        this.columnBytes = columnBytes;
        this.scanned = scanned;
        Choice choice = choose(predicate, scanBytes);
        if (choice == null || (choice.indexed() != null && spreadOverScan(choice.rows()))) {
            return null;
        }
        return new Candidates(RowIds.ofSorted(choice.rows().toArray()), choice.indexed());
    }

    /**
     * Whether {@code rows} lie in every chunk the scan reads but at most one in {@link #SPREAD_MISSED_CHUNKS},
     * {@link QueryEngine#MANY_CANDIDATES} or more per chunk holding any on average (see the class comment).
     */
    private boolean spreadOverScan(RowIdSet rows) {
        if (scanned == null || scanned.isEmpty() || rows.size() < QueryEngine.MANY_CANDIDATES) {
            return false;
        }
        int holding = 0;
        long inside = 0;
        int i = 0;
        for (ChunkInfo chunk : scanned) {
            if (!chunk.hasFlushPoints()) {
                return false; // spec §2.2's plan (see the class comment)
            }
            long end = chunk.rowStart() + chunk.rowCount();
            while (i < rows.size() && rows.get(i) < chunk.rowStart()) {
                i++;
            }
            int first = i;
            while (i < rows.size() && rows.get(i) < end) {
                i++;
            }
            if (i > first) {
                holding++;
                inside += i - first;
            }
        }
        int missed = scanned.size() - holding;
        return missed <= scanned.size() / SPREAD_MISSED_CHUNKS
                && inside >= (long) QueryEngine.MANY_CANDIDATES * holding;
    }

    private Choice choose(Predicate p, LongSupplier scanBytes) {
        if (p instanceof Predicate.And and) {
            List<Choice> usable = new ArrayList<>();
            for (Predicate part : and.parts) {
                Choice c = choose(part, scanBytes);
                // A sorted lookup spread over the scan would narrow it little: its condition is checked row by row.
                if (c != null && !(c.indexed() != null && spreadOverScan(c.rows()))) {
                    usable.add(c);
                }
            }
            if (usable.isEmpty()) {
                return null;
            }
            long cost = usable.stream().mapToLong(Choice::cost).sum();
            // Intersected rows satisfy every sorted lookup's condition (trigram ones are left out);
            // when those are all of the AND, it is the condition itself.
            List<Predicate> indexed = usable.stream().map(Choice::indexed).filter(c -> c != null).toList();
            boolean whole = usable.size() == and.parts.size()
                    && IntStream.range(0, usable.size()).allMatch(i -> usable.get(i).indexed() == and.parts.get(i));
            Predicate condition = whole ? and : indexed.isEmpty() ? null : new Predicate.And(indexed);
            return new Choice(cost, condition, () -> {
                RowIdSet rows = null;
                for (Choice c : usable) {
                    RowIdSet next = c.rows();
                    rows = rows == null ? next : rows.intersect(next);
                }
                return rows;
            });
        }
        if (p instanceof Predicate.Or or) {
            List<Choice> branches = new ArrayList<>();
            for (Predicate part : or.parts) {
                Choice c = choose(part, scanBytes);
                if (c == null) {
                    return null;
                }
                branches.add(c);
            }
            long cost = branches.stream().mapToLong(Choice::cost).sum();
            if (!worthIt(cost, scanBytes)) {
                return null;
            }
            boolean checkable = branches.stream().allMatch(c -> c.indexed() != null);
            boolean whole = IntStream.range(0, branches.size())
                    .allMatch(i -> branches.get(i).indexed() == or.parts.get(i));
            Predicate indexed = whole ? or : checkable ? new Predicate.Or(branches.stream().map(Choice::indexed).toList())
                    : null;
            return new Choice(cost, indexed, () -> {
                RowIdSet rows = RowIdSet.empty();
                for (Choice c : branches) {
                    rows = rows.union(c.rows());
                }
                return rows;
            });
        }
        return leaf(p, scanBytes);
    }

    /** A lookup for one condition, when an index on its column answers it and pays. */
    private Choice leaf(Predicate p, LongSupplier scanBytes) {
        IndexLookup lookup;
        int position;
        String kind = IndexRef.SORTED;
        if (p instanceof LongTest t) {
            position = t.position;
            lookup = switch (t.kind) {
                case RANGE -> t.low == t.high ? new IndexLookup.Eq(t.low)
                        : new IndexLookup.Range(t.low == Long.MIN_VALUE ? null : t.low, true,
                        t.high == Long.MAX_VALUE ? null : t.high, true);
                case IN -> new IndexLookup.In(boxed(t.values));
                case NE -> null;
            };
        } else if (p instanceof DoubleTest t) {
            position = t.position;
            lookup = comparison(t.op, t.operand, t.values == null ? null : boxed(t.values));
        } else if (p instanceof KeyTest t) {
            position = t.position;
            lookup = comparison(t.op, t.operand, t.inKeys == null ? null : new ArrayList<>(t.inKeys));
        } else if (p instanceof NullTest t) {
            position = t.position;
            lookup = t.wantNull ? new IndexLookup.IsNull() : null;
        } else if (p instanceof TextTest t) {
            position = t.position;
            lookup = t.impliedLookup();
            if (lookup instanceof IndexLookup.Contains) {
                kind = IndexRef.TRIGRAM;
            }
        } else {
            return null;
        }
        if (lookup == null) {
            return null;
        }
        ColumnIndex index = index(position, kind);
        if (index == null) {
            return null;
        }
        OptionalLong cost = index.cost(lookup);
        boolean trigram = kind.equals(IndexRef.TRIGRAM);
        if (cost.isEmpty() || (!trigram && !worthIt(cost.getAsLong(), scanBytes))) {
            return null;
        }
        if (trigram && cost.getAsLong() > 0 && costsMoreThanScan(index, lookup)) {
            return null; // inflating the sections alone is more work than the scan (see the class comment)
        }
        if (trigram && selectsMost(index, lookup)) {
            return null; // decoding and intersecting postings of most rows costs more than checking them all
        }
        IndexLookup chosen = lookup;
        // A sorted lookup lists exactly the rows holding its keys; text conditions are not checked this way
        // (a trigram lookup is a superset, and a sorted prefix lookup is left to the row check alone).
        Predicate indexed = p instanceof TextTest ? null : p;
        return new Choice(trigram ? 0 : cost.getAsLong(), indexed, () -> index.rows(chosen));
    }

    /**
     * Whether a trigram lookup's sections inflate to more than {@link #ALWAYS_CHEAP_BYTES} and more than
     * the scan inflates of the filter's columns (when that is known).
     */
    private boolean costsMoreThanScan(ColumnIndex index, IndexLookup lookup) {
        long scan = columnBytes.getAsLong();
        if (scan < 0) {
            return false;
        }
        long inflated = index.inflatedCost(lookup).orElse(0);
        return inflated > ALWAYS_CHEAP_BYTES && inflated > scan;
    }

    /** Whether the lookup's rarest gram is in more than half of the table's written rows. */
    private boolean selectsMost(ColumnIndex index, IndexLookup lookup) {
        OptionalLong atMost = index.selectsAtMost(lookup);
        return atMost.isPresent() && atMost.getAsLong() > data.entry().rowCount() / 2;
    }

    private static boolean worthIt(long cost, LongSupplier scanBytes) {
        return cost <= ALWAYS_CHEAP_BYTES || cost < scanBytes.getAsLong();
    }

    private static IndexLookup comparison(Op op, Object operand, List<Object> in) {
        return switch (op) {
            case EQ -> new IndexLookup.Eq(operand);
            case IN -> new IndexLookup.In(in);
            case GT -> new IndexLookup.Range(operand, false, null, false);
            case GTE -> new IndexLookup.Range(operand, true, null, false);
            case LT -> new IndexLookup.Range(null, false, operand, false);
            case LTE -> new IndexLookup.Range(null, false, operand, true);
            // ne names every row but some; isNull and text operators are bound to other tests.
            case NE, IS_NULL, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> null;
        };
    }

    private static List<Object> boxed(long[] values) {
        List<Object> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(v);
        }
        return out;
    }

    private static List<Object> boxed(double[] values) {
        List<Object> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    /** The index of {@code kind} on the column at {@code position} (all its segments), or {@code null}. */
    private ColumnIndex index(int position, String kind) {
        String column = data.columns().get(position).name();
        String key = kind + "\u0000" + column;
        if (opened.containsKey(key)) {
            return opened.get(key);
        }
        List<IndexRef> refs = new ArrayList<>();
        for (IndexRef ref : data.indexes()) {
            if (ref.column().equals(column) && ref.kind().equals(kind)) {
                refs.add(ref);
            }
        }
        ColumnIndex index = null;
        if (!refs.isEmpty()) {
            ColumnType type = data.columns().get(position).type();
            index = IndexSegments.open(data.tableIndex(), refs, type, data.entry().rowCount(), data.indexDeltas(),
                    new Loader());
        }
        opened.put(key, index);
        return index;
    }

    /** Reads index sections for the query being planned, counting them; sorted directories through {@link TableData}. */
    private final class Loader implements SectionLoader {
        @Override
        public byte[] load(String sectionId, SectionRef ref) {
            current.indexPagesRead++;
            return data.sections().read(sectionId, ref);
        }

        @Override
        public long rawLength(String sectionId, SectionRef ref) {
            return data.sections().rawLength(sectionId, ref);
        }

        @Override
        public IndexDirectory directory(String sectionId, SectionRef ref) {
            return data.indexDirectory(sectionId, ref, () -> decoded(sectionId, ref));
        }

        private IndexDirectory decoded(String sectionId, SectionRef ref) {
            return SectionLoader.super.directory(sectionId, ref);
        }
    }
}
