package io.jazmin.internal.writer;

import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.index.IndexSectionIds;
import io.jazmin.internal.index.IndexSectionsWriter;
import io.jazmin.internal.index.SectionOutput;
import io.jazmin.internal.index.SortedIndexBuilder;
import io.jazmin.internal.index.SortedPayloads;
import io.jazmin.internal.index.TrigramIndexBuilder;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The indexes a table writer builds while rows arrive (each on a worker thread when the options
 * allow, see {@link IndexLane}), written after the last chunk. Like the
 * reference writer, indexes follow column order, and no sorted index is built on the leading
 * {@code sortedBy} column (readers find its rows from chunk statistics).
 */
final class IndexBuilders {
    private record Planned(String column, IndexLane lane) {
    }

    /** The most index sections compressed ahead of the one being appended (bounds the memory they hold). */
    private static final int SEALED_AHEAD = 8;

    private final List<Planned> planned = new ArrayList<>();
    private final boolean compact;
    private final boolean parallel;
    private final Executor executor;
    private final SectionWriter sections;
    private final int table;
    private final int segment;
    private boolean wroteCompactPages;
    private boolean payloadsStarted;

    /**
     * @param batchRows rows per batch handed to a builder (the chunk size)
     * @param parallel  whether each index adds its batches on a worker thread
     * @param executor  those workers, or {@code null} for the library's shared ones
     * @param sections  makes the index sections catalog sections (compressed, encrypted)
     * @param table     the table's number, for the section ids
     * @param segment   the index segment the sections are written as
     */
    IndexBuilders(List<Column> columns, Map<String, Set<IndexKind>> declared, List<String> sortedBy, boolean compact,
                  int batchRows, boolean parallel, Executor executor, SectionWriter sections, int table, int segment) {
        this.compact = compact;
        this.parallel = parallel;
        this.executor = executor;
        this.sections = sections;
        this.table = table;
        this.segment = segment;
        for (String name : declared.keySet()) {
            if (columns.stream().noneMatch(c -> c.name().equals(name))) {
                throw new JazminValidationException("an index is declared on unknown column '" + name + "'");
            }
        }
        String leadingSort = sortedBy.isEmpty() ? null : sortedBy.get(0);
        for (int p = 0; p < columns.size(); p++) {
            Column c = columns.get(p);
            for (IndexKind kind : declared.getOrDefault(c.name(), Set.of())) {
                check(c, kind);
                if (kind.servedBySortOrder() && c.name().equals(leadingSort)) {
                    continue;
                }
                IndexLane lane = switch (kind) {
                    case SORTED -> new IndexLane(p, new SortedIndexBuilder(c.type()), batchRows, parallel, executor,
                            parallel ? new EarlyPages(IndexSectionIds.index(table, c.name(), IndexRef.SORTED, segment),
                                    sections, IndexSectionsWriter.DEFAULT_PAGE_BYTES, compact) : null);
                    case TRIGRAM -> new IndexLane(p, new TrigramIndexBuilder(), batchRows, parallel, executor, null);
                };
                planned.add(new Planned(c.name(), lane));
            }
        }
    }

    private static void check(Column c, IndexKind kind) {
        if (!c.type().supports(kind)) {
            String needs = switch (kind) {
                case SORTED -> "a sorted index needs an ordered column";
                case TRIGRAM -> "a trigram index needs a string column";
            };
            throw new JazminValidationException(needs + "; '" + c.name() + "' is " + c.type().typeName());
        }
    }

    /**
     * Adds one validated row (values as stored: Long, Double, Boolean, BigDecimal, String); row
     * ids ascend by one until {@link #endChunk()}.
     */
    void add(long rowId, Object[] row) {
        for (Planned p : planned) {
            p.lane().collect(rowId, row);
        }
    }

    /** The positions of the columns indexed, ascending, each once. */
    int[] positions() {
        return planned.stream().mapToInt(p -> p.lane().position()).distinct().sorted().toArray();
    }

    /** Whether the table has no index to build (its rows need not be handed over). */
    boolean isEmpty() {
        return planned.isEmpty();
    }

    /** Hands the rows added since the last call to the builders (the table writer calls it per chunk). */
    void endChunk() {
        for (Planned p : planned) {
            p.lane().endBatch();
        }
    }

    /**
     * Ends the rows: each index starts making its section payloads (on a worker thread when
     * parallel), so that they are made while the table writer still waits for its last chunks. Once
     * only; {@link #write} calls it when nobody did.
     */
    void startPayloads() {
        if (payloadsStarted) {
            return;
        }
        payloadsStarted = true;
        for (Planned p : planned) {
            p.lane().startPayloads(IndexSectionsWriter.DEFAULT_PAGE_BYTES, compact);
        }
    }

    /**
     * Writes every index and returns their catalog entries: each section is made a catalog section
     * (on worker threads when parallel) and appended in order by {@code append}, which returns where
     * it lies.
     */
    List<IndexRef> write(Function<byte[], SectionRef> append) {
        startPayloads();
        SealingOutput sealing = new SealingOutput(sections, append, parallel ? SEALED_AHEAD : 0, executor);
        // Only a written page makes the file need the 'index-deltas' feature, not the option alone.
        SectionOutput watching = (id, raw) -> {
            wroteCompactPages |= compact && id.contains("/page/");
            return sealing.write(id, raw);
        };
        IndexSectionsWriter writer = new IndexSectionsWriter(watching, IndexSectionsWriter.DEFAULT_PAGE_BYTES, compact);
        List<Object> made = new ArrayList<>();
        for (Planned p : planned) {
            Object payloads = p.lane().payloads();
            made.add(payloads);
            if (payloads instanceof SortedPayloads sorted) {
                p.lane().sealedPages().forEach(page -> sealing.sealed(page.id(), page.section()));
                PageSetting early = p.lane().earlySetting();
                PageSetting pages = early != null ? early : new PageSetting(sections);
                IndexSectionsWriter.eachSortedSection(table, p.column(), segment, sorted,
                        (id, raw) -> sealing.sealAhead(id, raw, pages.next(raw)), sealing::sealAhead);
            } else {
                sealing.sealAhead(IndexSectionIds.index(table, p.column(), IndexRef.TRIGRAM, segment), (byte[]) payloads);
            }
        }
        List<IndexRef> refs = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            String column = planned.get(i).column();
            refs.add(made.get(i) instanceof SortedPayloads sorted ? writer.writeSorted(table, column, segment, sorted)
                    : writer.writeTrigram(table, column, segment, (byte[]) made.get(i)));
        }
        return refs;
    }

    /** Whether any compact (index-deltas) page was written: the file must then name that reader feature. */
    boolean usesIndexDeltas() {
        return wroteCompactPages;
    }

    /**
     * The index kinds of each column of a table's listed index segments ({@link IndexRef}s, one per
     * index per append), read without an {@link IndexInfo} per segment.
     */
    static Map<String, Set<IndexKind>> kindsOfRefs(List<IndexRef> refs) {
        return kindsOf(refs, IndexRef::column, IndexRef::kind);
    }

    /** The kinds of the indexes listed (any segments), by column, in the order listed. */
    static Map<String, Set<IndexKind>> kindsOf(List<IndexInfo> indexes) {
        return kindsOf(indexes, IndexInfo::column, IndexInfo::kind);
    }

    private static <T> Map<String, Set<IndexKind>> kindsOf(List<T> indexes, Function<T, String> column,
                                                           Function<T, String> kind) {
        Map<String, Set<IndexKind>> kinds = new LinkedHashMap<>();
        String lastColumn = null;
        String lastKind = null;
        for (T i : indexes) {
            String c = column.apply(i);
            String k = kind.apply(i);
            // An appended file lists a reference per index and segment, each segment's in the same
            // order: a run of one index's segments is looked up once (this ran over every reference
            // at every append).
            if (c.equals(lastColumn) && k.equals(lastKind)) {
                continue;
            }
            kinds.computeIfAbsent(c, name -> new LinkedHashSet<>()).add(IndexKind.fromName(k));
            lastColumn = c;
            lastKind = k;
        }
        return kinds;
    }
}
