package io.jazmin.cli;

import io.jazmin.Explain;
import io.jazmin.JazminTable;
import io.jazmin.data.ChunkSummary;
import io.jazmin.data.Filter;
import io.jazmin.data.Row;
import io.jazmin.data.RowQuery;
import io.jazmin.schema.Column;
import io.jazmin.schema.IndexInfo;
import io.jazmin.schema.IndexKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The layout advice of {@code jazmin advise}: from a table's chunks, a sample of its rows (in file
 * order, so the same file gives the same advice) and the queries it should serve, what sort order,
 * indexes, chunk size and codec would suit it, each with the figures that led there.
 */
final class LayoutAdvisor {
    /** A value's rows in at most this many chunks count as clustered: statistics already skip the rest. */
    static final double CLUSTERED = 1.5;
    /** Chunks storing more bytes than this make a lookup decode too much. */
    static final long LARGE_CHUNK_BYTES = 1L << 20;
    /** The stored bytes per chunk advised when chunks are too large. */
    static final long TARGET_CHUNK_BYTES = 256L << 10;
    /** The rows per chunk advised for selective lookups (a quarter of the default 4,096). */
    static final int LOOKUP_CHUNK_ROWS = 1024;

    private static final Set<Filter.Op> SORTED_OPS = ops(Served.EQUALITY, Served.SORTED);
    private static final Set<Filter.Op> EQUALITY_OPS = ops(Served.EQUALITY);
    private static final Set<Filter.Op> TRIGRAM_OPS = ops(Served.TRIGRAM);

    /** What serves a condition: a sort order or sorted index (by value or by range), a trigram index, nothing. */
    private enum Served { EQUALITY, SORTED, TRIGRAM, NONE }

    /** As the engine's planner serves {@code op} (its text tests' implied lookups included). */
    private static Served served(Filter.Op op) {
        return switch (op) {
            case EQ, IN -> Served.EQUALITY;
            case GT, GTE, LT, LTE, STARTS_WITH, IS_NULL -> Served.SORTED;
            case CONTAINS, ICONTAINS, ENDS_WITH, IEQ, ISTARTS_WITH, IENDS_WITH -> Served.TRIGRAM;
            case NE -> Served.NONE;
        };
    }

    private static Set<Filter.Op> ops(Served... kinds) {
        List<Served> wanted = List.of(kinds);
        return Set.copyOf(Stream.of(Filter.Op.values()).filter(op -> wanted.contains(served(op))).toList());
    }

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final JazminTable table;
    private final List<Filter> queries;
    private final List<String> focus;
    private final Map<String, ColumnProfile> profiles = new LinkedHashMap<>();
    private final Map<String, Set<Filter.Op>> opsByColumn = new LinkedHashMap<>();
    private final Map<String, List<Integer>> queriesByColumn = new LinkedHashMap<>();
    private final List<Explain> plans = new ArrayList<>();
    private long sampled;

    /**
     * @param queries the filters the table should serve
     * @param columns further columns looked up by value (the reference's {@code --column})
     */
    LayoutAdvisor(JazminTable table, List<Filter> queries, List<String> columns) {
        this.table = table;
        this.queries = List.copyOf(queries);
        for (int q = 0; q < queries.size(); q++) {
            collect(queries.get(q), q);
        }
        for (String c : columns) {
            opsByColumn.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(Filter.Op.EQ);
            queriesByColumn.computeIfAbsent(c, k -> new ArrayList<>());
        }
        this.focus = List.copyOf(opsByColumn.keySet());
    }

    /** The conditions of {@code filter}: which operators query {@code q} applies to which top-level columns. */
    private void collect(Filter filter, int q) {
        if (filter instanceof Filter.And and) {
            and.parts().forEach(p -> collect(p, q));
        } else if (filter instanceof Filter.Or or) {
            or.parts().forEach(p -> collect(p, q));
        } else if (filter instanceof Filter.Not not) {
            collect(not.inner(), q);
        } else if (filter instanceof Filter.Condition c) {
            opsByColumn.computeIfAbsent(c.column(), k -> new LinkedHashSet<>()).add(c.op());
            List<Integer> list = queriesByColumn.computeIfAbsent(c.column(), k -> new ArrayList<>());
            if (!list.contains(q)) {
                list.add(q);
            }
        }
        // Nested conditions (any, all, match) test list items and object fields, which are not indexed.
    }

    /** The columns the queries and {@code --column} name, in the order first named. */
    List<String> focusColumns() {
        return focus;
    }

    /** Reads up to {@code sampleRows} rows in file order and plans every query: the figures the advice rests on. */
    void measure(long sampleRows) {
        List<ChunkSummary> chunks = table.chunks();
        for (Column c : table.columns()) {
            profiles.put(c.name(), new ColumnProfile(c, focus.contains(c.name())
                    ? ColumnProfile.MAX_TRACKED : ColumnProfile.MAX_TRACKED_OTHER));
        }
        List<Column> columns = table.columns();
        try (Stream<Row> rows = table.rows(RowQuery.all().withLimit(sampleRows))) {
            rows.forEach(row -> {
                int chunk = chunkOf(chunks, row.rowId());
                for (int i = 0; i < columns.size(); i++) {
                    profiles.get(columns.get(i).name()).add(row.get(i), chunk);
                }
                sampled++;
            });
        }
        for (Filter q : queries) {
            plans.add(table.explain(q));
        }
    }

    /** The ordinal of the chunk holding row {@code rowId} (the chunks are in row order). */
    private static int chunkOf(List<ChunkSummary> chunks, long rowId) {
        int low = 0;
        int high = chunks.size() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (chunks.get(mid).rowStart() <= rowId) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return chunks.isEmpty() ? 0 : chunks.get(low).ordinal();
    }

    /** The report: the table's layout, the sample's figures, each query's plan and the advice. */
    ObjectNode report() {
        List<ChunkSummary> chunks = table.chunks();
        long written = chunks.stream().mapToLong(ChunkSummary::rowCount).sum();
        long stored = chunks.stream().mapToLong(ChunkSummary::storedBytes).sum();
        int chunkCount = Math.max(1, chunks.size());
        ObjectNode root = mapper.createObjectNode();
        root.put("table", table.name());
        root.put("rows", table.rowCount());
        root.put("chunks", chunks.size());
        root.put("rowsPerChunk", written / chunkCount);
        root.put("bytesPerChunk", stored / chunkCount);
        table.sortedBy().forEach(root.putArray("sortedBy")::add);
        ArrayNode indexes = root.putArray("indexes");
        for (IndexInfo i : table.indexes()) {
            indexes.addObject().put("column", i.column()).put("kind", i.kind());
        }
        root.put("sampledRows", sampled);
        ArrayNode columnList = root.putArray("columns");
        for (ColumnProfile p : profiles.values()) {
            ObjectNode node = columnList.addObject();
            node.put("name", p.column().name());
            node.put("type", p.column().type().typeName());
            if (p.column().type().isOrdered()) {
                node.put("distinct", p.distinct());
                if (p.capped()) {
                    node.put("distinctIsLowerBound", true);
                }
            }
            node.put("nullShare", round(p.nullShare(), 3));
            if (p.textBytes() > 0) {
                node.put("meanLength", round(p.meanLength(), 1));
            }
            if (focus.contains(p.column().name()) && p.column().type().isOrdered()) {
                node.put("chunksPerValue", round(p.chunksPerValue(), 2));
            }
        }
        ArrayNode planList = root.putArray("queries");
        for (int q = 0; q < queries.size(); q++) {
            Explain e = plans.get(q);
            planList.addObject().set("where", mapper.readTree(queries.get(q).toJson()));
            ((ObjectNode) planList.get(q)).put("strategy", e.strategy()).put("chunks", e.chunks())
                    .put("chunksSkipped", e.chunksSkipped());
        }
        ArrayNode advice = root.putArray("advice");
        String sortColumn = sortAdvice(advice, chunks.size());
        indexAdvice(advice, chunks.size(), sortColumn);
        chunkAdvice(advice, written / chunkCount, stored / chunkCount);
        codecAdvice(advice);
        return root;
    }

    /**
     * A sort order for the column whose lookups it would narrow most; the column, or {@code null}.
     * Columns compared by value (eq, in) come before those only compared by range: a value's rows
     * sorted together are few chunks, a range's may be many.
     */
    private String sortAdvice(ArrayNode advice, int chunks) {
        String best = best(chunks, EQUALITY_OPS);
        if (best == null) {
            best = best(chunks, SORTED_OPS);
        }
        List<String> sortedBy = table.sortedBy();
        String order = sortedBy.isEmpty() ? "the table is kept in no order" : "sorted by " + String.join(", ", sortedBy);
        if (best == null) {
            add(advice, "keep", "sort order", null, order + ", and " + (focus.isEmpty()
                    ? "no query or --column names a column to sort by"
                    : "sorted by none of the columns the queries compare would one value's rows lie in fewer chunks "
                            + "than now"));
            return null;
        }
        if (!sortedBy.isEmpty() && sortedBy.get(0).equals(best)) {
            add(advice, "keep", "sort order", best, order + ": the rows of one value of " + best + " lie in about "
                    + round(p(best).chunksPerValue(), 2) + " chunk(s), which chunk statistics find");
            return null;
        }
        ColumnProfile p = p(best);
        add(advice, "sort", "--sorted-by " + best, best, queriesText(best) + verb(best, " compares ", " compare ")
                + best + " (" + opsText(best) + "); the rows of one of its " + distinctText(p) + " values lie in about "
                + round(p.chunksPerValue(), 2) + " of " + chunks + " chunks, so chunk statistics skip little. Sorted by "
                + best + " they would lie in about " + round(sortedChunksPerValue(p, chunks), 2)
                + " chunk(s) and the others would be skipped (jazmin convert IN OUT --sorted-by " + best
                + ", or an update re-declaring the order)");
        return best;
    }

    /** The focus column using one of {@code ops} whose lookups a sort would narrow most, or {@code null}. */
    private String best(int chunks, Set<Filter.Op> ops) {
        String best = null;
        double bestGain = 0;
        for (String name : focus) {
            ColumnProfile p = profiles.get(name);
            if (p == null || !p.column().type().isOrdered() || !usesAny(name, ops) || p.distinct() < 2) {
                continue;
            }
            double gain = (p.chunksPerValue() - sortedChunksPerValue(p, chunks)) * Math.max(1, uses(name));
            if (gain > bestGain + 1e-9) {
                best = name;
                bestGain = gain;
            }
        }
        return best;
    }

    /** In how many chunks one value's rows would lie were the table sorted by the column. */
    private static double sortedChunksPerValue(ColumnProfile p, int chunks) {
        if (p.capped() || p.distinct() >= chunks) {
            return 1;
        }
        return Math.max(1, (double) chunks / p.distinct());
    }

    /** A sorted or trigram index for each column the queries look up and no index or order serves. */
    private void indexAdvice(ArrayNode advice, int chunks, String sortColumn) {
        boolean any = false;
        for (String name : focus) {
            ColumnProfile p = profiles.get(name);
            if (p == null) {
                continue;
            }
            if (usesAny(name, TRIGRAM_OPS) && !hasIndex(name, IndexKind.TRIGRAM)) {
                any = true;
                add(advice, "index", "--index " + name + ":trigram", name, queriesText(name)
                        + verb(name, " searches ", " search ") + name
                        + " for text (" + opsText(name) + "): only a trigram index narrows a substring search; "
                        + "without one every chunk's " + name + " is decoded and searched (values of about "
                        + round(p.meanLength(), 1) + " bytes, " + percent(p.nullShare()) + " null)");
            }
            if (!usesAny(name, SORTED_OPS) || hasIndex(name, IndexKind.SORTED) || name.equals(sortColumn)
                    || !p.column().type().isOrdered()) {
                continue;
            }
            if (p.distinct() < 2) {
                add(advice, "keep", "no index on " + name, name, name + " holds " + p.distinct()
                        + " distinct value(s) in the sample: an index would not narrow its lookups");
                continue;
            }
            boolean clustered = p.chunksPerValue() <= CLUSTERED;
            if (!clustered && !usesAny(name, EQUALITY_OPS)) {
                add(advice, "keep", "no index on " + name, name, queriesText(name) + verb(name, " compares ",
                        " compare ") + name + " by range only (" + opsText(name) + "), and one value's rows lie in "
                        + "about " + round(p.chunksPerValue(), 2) + " of " + chunks + " chunks: a range's matches "
                        + "would still lie in nearly every chunk, which an index reads all the same");
                continue;
            }
            if (clustered && sortColumn == null) {
                add(advice, "keep", "no index on " + name, name, "the rows of one value of " + name
                        + " lie in about " + round(p.chunksPerValue(), 2) + " chunk(s) (the file is in " + name
                        + " order), so chunk statistics skip the other " + Math.max(0, chunks - 1)
                        + " chunks without an index");
                continue;
            }
            any = true;
            String why = clustered
                    ? "the rows of one value of " + name + " lie in about " + round(p.chunksPerValue(), 2)
                            + " chunk(s) only because the file is in " + name + " order; sorted by " + sortColumn
                            + " (advised above) they would be spread over the chunks, and a sorted index keeps "
                            + queriesText(name).toLowerCase(Locale.ROOT) + " direct"
                    : queriesText(name) + verb(name, " compares ", " compare ") + name + " (" + opsText(name) + "); the rows of one of its "
                            + distinctText(p) + " values lie in about " + round(p.chunksPerValue(), 2) + " of " + chunks
                            + " chunks, so chunk statistics skip little; a sorted index reads only the rows that "
                            + "match (" + percent(p.nullShare()) + " null)";
            add(advice, "index", "--index " + name + ":sorted", name, why);
        }
        if (!any && focus.isEmpty()) {
            add(advice, "keep", "indexes", null, "no query or --column names a column to look up: indexes only pay "
                    + "for the lookups they serve (give --query or --column)");
        }
    }

    /** The chunk size: merge small chunks, split large ones, smaller ones for selective lookups. */
    private void chunkAdvice(ArrayNode advice, long rowsPerChunk, long bytesPerChunk) {
        String compact = compactReason(rowsPerChunk);
        if (compact != null) {
            add(advice, "compact", "jazmin compact", null, compact + "; compaction rewrites the table into full "
                    + "chunks without them");
            return;
        }
        if (bytesPerChunk > LARGE_CHUNK_BYTES && rowsPerChunk > 1) {
            long rows = Math.max(64, Long.highestOneBit(Math.max(1, rowsPerChunk * TARGET_CHUNK_BYTES / bytesPerChunk)));
            add(advice, "chunk-rows", "--chunk-rows " + rows, null, "each chunk stores about " + kib(bytesPerChunk)
                    + " KiB for " + rowsPerChunk + " rows, and a lookup decodes whole chunks: chunks of " + rows
                    + " rows store about " + kib(TARGET_CHUNK_BYTES) + " KiB");
            return;
        }
        int selective = 0;
        for (Explain e : plans) {
            if ("index".equals(e.strategy()) || e.chunksSkipped() * 2 >= e.chunks() && e.chunks() > 1) {
                selective++;
            }
        }
        if (selective > 0 && rowsPerChunk > LOOKUP_CHUNK_ROWS * 2L) {
            add(advice, "chunk-rows", "--chunk-rows " + LOOKUP_CHUNK_ROWS, null, selective + " of " + plans.size()
                    + " queries read few chunks (an index, or statistics skipping half or more), but each chunk read "
                    + "is decoded whole: about " + rowsPerChunk + " rows, " + kib(bytesPerChunk) + " KiB. Chunks of "
                    + LOOKUP_CHUNK_ROWS + " rows decode about " + (rowsPerChunk / LOOKUP_CHUNK_ROWS)
                    + " times less per lookup, for a slightly larger file and slower full scans");
            return;
        }
        add(advice, "keep", "chunk size", null, "chunks of about " + rowsPerChunk + " rows and " + kib(bytesPerChunk)
                + " KiB: " + (plans.isEmpty() ? "no query to tune them for" : "the queries scan most chunks anyway, "
                + "where larger chunks compress better"));
    }

    /**
     * Why the table needs a compaction, or {@code null}: a tenth or more of its rows deleted, or more
     * than a quarter of its chunks under half full (appends leave small chunks at the end).
     */
    private String compactReason(long rowsPerChunk) {
        List<ChunkSummary> chunks = table.chunks();
        long written = chunks.stream().mapToLong(ChunkSummary::rowCount).sum();
        long deleted = chunks.stream().mapToLong(ChunkSummary::deletedRows).sum();
        if (written > 0 && deleted * 10 >= written) {
            return deleted + " of the " + written + " rows stored (" + percent((double) deleted / written)
                    + ") are deleted, yet still stored, decoded and skipped by every scan";
        }
        long fullest = chunks.stream().mapToLong(ChunkSummary::rowCount).max().orElse(0);
        long small = chunks.stream().filter(c -> c.liveRows() * 2 < fullest).count();
        if (chunks.size() > 4 && small * 4 > chunks.size()) {
            return small + " of the " + chunks.size() + " chunks hold less than half of the fullest chunk's "
                    + fullest + " rows (appends and deletes leave small chunks; about " + rowsPerChunk
                    + " rows on average): each costs a directory entry, statistics and a decode";
        }
        return null;
    }

    /** The codec: Brotli when repeated text dominates the bytes. */
    private void codecAdvice(ArrayNode advice) {
        long textBytes = 0;
        long otherBytes = 0;
        long textValues = 0;
        long textDistinct = 0;
        for (ColumnProfile p : profiles.values()) {
            if (p.isText()) {
                textBytes += p.textBytes();
                textValues += p.present();
                textDistinct += p.distinct();
            } else {
                otherBytes += p.textBytes() > 0 ? p.textBytes() : 8 * p.present();
            }
        }
        double textShare = textBytes + otherBytes == 0 ? 0 : (double) textBytes / (textBytes + otherBytes);
        double repeat = textValues == 0 ? 0 : 1 - (double) textDistinct / textValues;
        String figures = "strings are " + percent(textShare) + " of the sample's value bytes, and "
                + percent(repeat) + " of the string values repeat one seen before";
        if (textShare >= 0.5 && repeat >= 0.5) {
            add(advice, "codec", "--codec brotli", null, figures + ": Brotli's larger window and built-in dictionary "
                    + "compress repeated text markedly better than Deflate, for a slower write (reads stay fast)");
        } else {
            add(advice, "keep", "--codec deflate", null, figures + ": " + (textShare < 0.5
                    ? "mostly numbers, dates and flags, which columnar Deflate already packs well"
                    : "mostly distinct text, where Brotli gains little over Deflate") + " (Deflate is the default)");
        }
    }

    private ColumnProfile p(String name) {
        return profiles.get(name);
    }

    private boolean usesAny(String column, Set<Filter.Op> ops) {
        return opsByColumn.getOrDefault(column, Set.of()).stream().anyMatch(ops::contains);
    }

    private int uses(String column) {
        return queriesByColumn.getOrDefault(column, List.of()).size();
    }

    private boolean hasIndex(String column, IndexKind kind) {
        return table.indexes().stream().anyMatch(i -> i.column().equals(column) && i.kind().equals(kind.kindName()));
    }

    private String queriesText(String column) {
        List<Integer> list = queriesByColumn.getOrDefault(column, List.of());
        if (list.isEmpty()) {
            return "Lookups by --column";
        }
        List<String> numbers = list.stream().map(q -> "#" + (q + 1)).toList();
        return (numbers.size() == 1 ? "Query " : "Queries ") + String.join(", ", numbers);
    }

    private String verb(String column, String one, String many) {
        return queriesByColumn.getOrDefault(column, List.of()).size() == 1 ? one : many;
    }

    private String opsText(String column) {
        return String.join(", ", opsByColumn.getOrDefault(column, Set.of()).stream().map(Filter.Op::jsonName).toList());
    }

    private static String distinctText(ColumnProfile p) {
        return p.capped() ? "more than " + p.distinct() : String.valueOf(p.distinct());
    }

    private static void add(ArrayNode advice, String action, String option, String column, String reason) {
        ObjectNode node = advice.addObject();
        node.put("action", action);
        node.put("option", option);
        if (column != null) {
            node.put("column", column);
        }
        node.put("reason", reason);
    }

    private static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }

    private static String percent(double share) {
        return Math.round(share * 100) + "%";
    }

    private static long kib(long bytes) {
        return Math.round(bytes / 1024.0);
    }
}
