package io.jazmin.internal.shape;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.data.SortKey;
import io.jazmin.options.Priority;
import io.jazmin.export.ShapeOutput;
import io.jazmin.internal.shape.ShapeNode.Aggregate;
import io.jazmin.internal.shape.ShapeNode.Link;
import io.jazmin.internal.shape.ShapeNode.ListOptions;
import io.jazmin.internal.shape.ShapeNode.Members;
import io.jazmin.internal.shape.ShapeNode.Rows;
import io.jazmin.internal.shape.ShapeNode.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Runs a compiled export shape, streaming its output to a {@link ShapeOutput}. The root is the set
 * of all rows (or those of the export's filter); each list is a query on its table, so filters use
 * indexes and statistics and only the columns the list reads are decoded.
 *
 * <p>Memory: lists of rows and groups whose items hold only first values and aggregates keep one
 * running state per group (sorted lists: the engine's bounded ranking). Groups whose items hold
 * nested lists need their rows: on a file sorted by the grouping columns one pass holds one group
 * at a time; otherwise a first pass finds the groups and their sizes, then their rows are read in
 * batches of at most {@link #BATCH_ROWS} rows ({@link #SPEED_BATCH_ROWS} with priority speed), one
 * pass per batch. Linked rows are read per parent with a query on the linked columns (binary search
 * when the linked table is sorted by them).
 */
public final class ShapeRunner {
    /** Rows of groups held at once when grouping a file not sorted by the grouping columns. */
    public static final int BATCH_ROWS = 100_000;
    /** As {@link #BATCH_ROWS} with priority speed: fewer passes for more memory (the reference's choice). */
    public static final int SPEED_BATCH_ROWS = 1_000_000;
    private static final Column COUNT = Column.required("$count", ColumnType.INT);
    private static final Map<Aggregate, Object> NO_AGGREGATES = Map.of();

    private final ShapeOutput out;
    private final JsonNode metadata;
    private final int batchRows;

    private ShapeRunner(ShapeOutput out, JsonNode metadata, int batchRows) {
        this.out = out;
        this.metadata = metadata;
        this.batchRows = batchRows;
    }

    /**
     * Writes the output of {@code shape} over the rows of its table matching {@code filter}
     * ({@code null}: all), then {@link ShapeOutput#finish() finishes} the output.
     *
     * @param metadata  the file's metadata object (for {@code $meta})
     * @param batchRows rows of groups held at once on files not sorted by the grouping columns
     */
    public static void run(CompiledShape shape, Filter filter, JsonNode metadata, ShapeOutput out, int batchRows) {
        ShapeRunner runner = new ShapeRunner(out, metadata, batchRows);
        if (filter != null) {
            shape.root().bind(filter);
        }
        ShapeNode root = shape.template();
        runner.emit(root, runner.setContext(root, new FileSource(shape.root(), filter)));
        out.finish();
    }

    /** The batch size for a reader's priority: {@link #SPEED_BATCH_ROWS} for speed, else {@link #BATCH_ROWS}. */
    public static int batchRows(Priority priority) {
        return priority == Priority.SPEED ? SPEED_BATCH_ROWS : BATCH_ROWS;
    }

    /** The rows a set context covers: a query on a table, or rows held in memory. */
    private sealed interface Source permits FileSource, HeldSource {
    }

    /** The rows of {@code scope} matching {@code filter} ({@code null}: all). */
    private record FileSource(TableScope scope, Filter filter) implements Source {
    }

    /** Rows already read (a group's, or a link's), in order. */
    private record HeldSource(List<HeldRow> rows) implements Source {
    }

    /**
     * Where a template is evaluated: one row ({@code source} null), or a set whose first row and
     * aggregates are given, and whose rows nested lists read from {@code source}.
     */
    private record Context(HeldRow first, Map<Aggregate, Object> aggregates, Source source) {
    }

    private void emit(ShapeNode node, Context ctx) {
        if (node instanceof Value v) {
            out.value(v.column(), ctx.first() == null ? null : ctx.first().value(v.position()));
        } else if (node instanceof ShapeNode.Literal l) {
            out.literal(l.value());
        } else if (node instanceof ShapeNode.Meta m) {
            out.literal(metadata == null ? null : metadata.get(m.key()));
        } else if (node instanceof Aggregate a) {
            out.value(a.kind() == Aggregate.Kind.COUNT ? COUNT : a.column(), ctx.aggregates().get(a));
        } else if (node instanceof Members m) {
            out.startObject();
            for (int i = 0; i < m.names().size(); i++) {
                out.member(m.names().get(i));
                emit(m.members().get(i), ctx);
            }
            out.endObject();
        } else if (node instanceof Rows r) {
            out.startList(r.list().xmlItem());
            list(r.scope(), r.list(), ctx.source());
            out.endList();
        } else {
            link((Link) node, ctx.first());
        }
    }

    // ---- sets: first values and aggregates ----

    /** The context of {@code template} over {@code source}: one pass for its first values and aggregates. */
    private Context setContext(ShapeNode template, Source source) {
        TreeSet<Integer> columns = new TreeSet<>();
        List<Aggregate> aggregates = new ArrayList<>();
        setNeeds(template, columns, aggregates);
        if (columns.isEmpty() && aggregates.isEmpty()) {
            return new Context(null, NO_AGGREGATES, source);
        }
        for (Aggregate a : aggregates) {
            if (a.position() >= 0) {
                columns.add(a.position());
            }
        }
        Iterator<HeldRow> rows = source instanceof FileSource f
                ? RowScan.rows(f.scope(), f.filter(), List.of(), toArray(columns), aggregates.isEmpty() ? 1 : -1)
                : ((HeldSource) source).rows().iterator();
        GroupState state = null;
        while (rows.hasNext()) {
            HeldRow row = rows.next();
            if (state == null) {
                state = new GroupState(row, aggregates);
                if (aggregates.isEmpty()) {
                    break;
                }
            }
            state.add(row);
        }
        return state == null ? new Context(null, new GroupState(null, aggregates).results(), source)
                : new Context(state.first, state.results(), source);
    }

    /** Columns read as first values (links: the columns they link on) and the aggregates of a set template. */
    private static void setNeeds(ShapeNode node, TreeSet<Integer> columns, List<Aggregate> aggregates) {
        // Literals and metadata read nothing; lists read their own rows.
        if (node instanceof Value v) {
            columns.add(v.position());
        } else if (node instanceof Aggregate a) {
            aggregates.add(a);
        } else if (node instanceof Members m) {
            m.members().forEach(member -> setNeeds(member, columns, aggregates));
        } else if (node instanceof Link l) {
            Arrays.stream(l.parentPositions()).forEach(columns::add);
        }
    }

    /** The first row and the running aggregates of one set of rows. */
    private static final class GroupState {
        final HeldRow first;
        final Map<Aggregate, Accumulator> accumulators = new IdentityHashMap<>();
        long rows;

        GroupState(HeldRow first, List<Aggregate> aggregates) {
            this.first = first;
            for (Aggregate a : aggregates) {
                accumulators.put(a, new Accumulator(a));
            }
        }

        void add(HeldRow row) {
            rows++;
            for (Accumulator a : accumulators.values()) {
                a.add(row);
            }
        }

        Map<Aggregate, Object> results() {
            Map<Aggregate, Object> out = new IdentityHashMap<>();
            accumulators.forEach((a, acc) -> out.put(a, acc.result()));
            return out;
        }
    }

    // ---- lists ----

    private void list(TableScope scope, ListOptions list, Source source) {
        Objects.requireNonNull(source, "a list needs a set of rows (checked when compiled)");
        if (list.grouped()) {
            if (hasList(list.item())) {
                heldGroups(scope, list, source);
            } else {
                runningGroups(scope, list, source);
            }
            return;
        }
        if (source instanceof FileSource f) {
            TreeSet<Integer> columns = new TreeSet<>();
            rowColumns(list.item(), columns);
            Arrays.stream(list.sortPositions()).forEach(columns::add);
            RowScan rows = RowScan.rows(scope, and(f.filter(), list.filter()), list.sort(), toArray(columns),
                    list.limit());
            while (rows.hasNext()) {
                emitRow(list.item(), rows.next());
            }
            return;
        }
        List<HeldRow> matching = ((HeldSource) source).rows().stream().filter(r -> r.matches(list.memoryFilter()))
                .toList();
        for (HeldRow row : RowOrder.ordered(scope, list, matching, r -> r)) {
            emitRow(list.item(), row);
        }
    }

    private void emitRow(ShapeNode item, HeldRow row) {
        emit(item, new Context(row, NO_AGGREGATES, null));
    }

    /** Columns a one-row template reads (links: the columns they link on). */
    private static void rowColumns(ShapeNode node, TreeSet<Integer> columns) {
        // Literals and metadata read nothing (rows hold no aggregates or lists).
        if (node instanceof Value v) {
            columns.add(v.position());
        } else if (node instanceof Members m) {
            m.members().forEach(member -> rowColumns(member, columns));
        } else if (node instanceof Link l) {
            Arrays.stream(l.parentPositions()).forEach(columns::add);
        }
    }

    /** Whether a template holds a list at any depth (a {@code $one} link only if its template does). */
    private static boolean hasList(ShapeNode node) {
        if (node instanceof Link l) {
            return l.one() == null || hasList(l.one());
        }
        if (node instanceof Members m) {
            return m.members().stream().anyMatch(ShapeRunner::hasList);
        }
        return node instanceof Rows;
    }

    // ---- groups ----

    /**
     * The order in which a query's rows arrive group by group, or {@code null} when they do not: no
     * re-sorting, the file sorted by the grouping columns, and the engine serving that order from
     * file order (its statistics prove it; rows read in it have their keys checked, so a file
     * breaking its {@code sorted_by} cannot split a group).
     */
    private static List<SortKey> contiguousOrder(TableScope scope, ListOptions list, Source source) {
        if (!(source instanceof FileSource) || !list.sort().isEmpty()) {
            return null;
        }
        List<String> sortedBy = scope.table().sortedBy();
        if (sortedBy.size() < list.groupBy().length) {
            return null;
        }
        TreeSet<String> groups = new TreeSet<>();
        for (int p : list.groupBy()) {
            groups.add(scope.columns().get(p).name());
        }
        List<String> leading = sortedBy.subList(0, list.groupBy().length);
        if (!groups.equals(new TreeSet<>(leading))) {
            return null;
        }
        List<SortKey> order = leading.stream().map(SortKey::asc).toList();
        return "file-order".equals(scope.table().sortStrategy(RowQuery.all().withOrder(order))) ? order : null;
    }

    /** Groups whose items hold first values and aggregates only: one pass, one running state per group. */
    private void runningGroups(TableScope scope, ListOptions list, Source source) {
        TreeSet<Integer> columns = new TreeSet<>();
        List<Aggregate> aggregates = new ArrayList<>();
        setNeeds(list.item(), columns, aggregates);
        Arrays.stream(list.groupBy()).forEach(columns::add);
        Arrays.stream(list.sortPositions()).forEach(columns::add);
        aggregates.stream().filter(a -> a.position() >= 0).forEach(a -> columns.add(a.position()));
        List<SortKey> contiguous = contiguousOrder(scope, list, source);
        Iterator<HeldRow> rows = rowsOf(scope, list, source, toArray(columns),
                contiguous == null ? List.of() : contiguous);
        if (contiguous != null) {
            GroupState current = null;
            Object currentKey = null;
            long written = 0;
            while (rows.hasNext()) {
                HeldRow row = rows.next();
                Object key = RowOrder.groupKey(scope, list.groupBy(), row);
                if (current == null || !Objects.equals(key, currentKey)) {
                    if (current != null) {
                        emitGroup(list.item(), current);
                        if (list.limit() >= 0 && ++written >= list.limit()) {
                            return;
                        }
                    }
                    current = new GroupState(row, aggregates);
                    currentKey = key;
                }
                current.add(row);
            }
            if (current != null && (list.limit() < 0 || written < list.limit())) {
                emitGroup(list.item(), current);
            }
            return;
        }
        Map<Object, GroupState> groups = new LinkedHashMap<>();
        while (rows.hasNext()) {
            HeldRow row = rows.next();
            groups.computeIfAbsent(RowOrder.groupKey(scope, list.groupBy(), row), k -> new GroupState(row, aggregates)).add(row);
        }
        for (GroupState g : RowOrder.ordered(scope, list, new ArrayList<>(groups.values()), g -> g.first)) {
            emitGroup(list.item(), g);
        }
    }

    private void emitGroup(ShapeNode item, GroupState group) {
        emit(item, new Context(group.first, group.results(), null));
    }

    /** The rows a list reads from its source: a query (the list's filter added) or the held rows it matches. */
    private static Iterator<HeldRow> rowsOf(TableScope scope, ListOptions list, Source source, int[] columns,
                                            List<SortKey> order) {
        if (source instanceof FileSource f) {
            return RowScan.rows(scope, and(f.filter(), list.filter()), order, columns, -1);
        }
        return ((HeldSource) source).rows().stream().filter(r -> r.matches(list.memoryFilter())).iterator();
    }

    /** Groups whose items hold nested lists: each group's rows are held while it is written. */
    private void heldGroups(TableScope scope, ListOptions list, Source source) {
        if (source instanceof HeldSource) {
            Map<Object, List<HeldRow>> groups = new LinkedHashMap<>();
            Iterator<HeldRow> rows = rowsOf(scope, list, source, new int[0], List.of());
            while (rows.hasNext()) {
                HeldRow row = rows.next();
                groups.computeIfAbsent(RowOrder.groupKey(scope, list.groupBy(), row), k -> new ArrayList<>()).add(row);
            }
            for (List<HeldRow> group : RowOrder.ordered(scope, list, new ArrayList<>(groups.values()), g -> g.get(0))) {
                emitHeldGroup(list.item(), group);
            }
            return;
        }
        Filter filter = and(((FileSource) source).filter(), list.filter());
        List<SortKey> contiguous = contiguousOrder(scope, list, source);
        if (contiguous != null) {
            RowScan rows = RowScan.held(scope, filter, contiguous);
            List<HeldRow> group = new ArrayList<>();
            Object groupKey = null;
            long written = 0;
            while (rows.hasNext()) {
                HeldRow row = rows.next();
                Object key = RowOrder.groupKey(scope, list.groupBy(), row);
                if (!group.isEmpty() && !Objects.equals(key, groupKey)) {
                    emitHeldGroup(list.item(), group);
                    if (list.limit() >= 0 && ++written >= list.limit()) {
                        return;
                    }
                    group = new ArrayList<>();
                }
                groupKey = key;
                group.add(row);
            }
            if (!group.isEmpty() && (list.limit() < 0 || written < list.limit())) {
                emitHeldGroup(list.item(), group);
            }
            return;
        }
        batchedGroups(scope, list, filter);
    }

    /** A group found by the first pass of an unsorted file: its first row (for sorting) and its size. */
    private static final class GroupSize {
        final HeldRow first;
        long rows;

        GroupSize(HeldRow first) {
            this.first = first;
        }
    }

    /**
     * Groups of a file not sorted by them: a first pass finds the groups, their order and sizes;
     * then each batch of groups holding at most {@code batchRows} rows (or one larger group) is
     * read in one pass and written.
     */
    private void batchedGroups(TableScope scope, ListOptions list, Filter filter) {
        TreeSet<Integer> keyColumns = new TreeSet<>();
        Arrays.stream(list.groupBy()).forEach(keyColumns::add);
        Arrays.stream(list.sortPositions()).forEach(keyColumns::add);
        Map<Object, GroupSize> found = new LinkedHashMap<>();
        RowScan scan = RowScan.rows(scope, filter, List.of(), toArray(keyColumns), -1);
        while (scan.hasNext()) {
            HeldRow row = scan.next();
            found.computeIfAbsent(RowOrder.groupKey(scope, list.groupBy(), row), k -> new GroupSize(row)).rows++;
        }
        List<Map.Entry<Object, GroupSize>> order = RowOrder.ordered(scope, list, new ArrayList<>(found.entrySet()),
                e -> e.getValue().first);
        found = null; // the order holds what is still needed
        int start = 0;
        while (start < order.size()) {
            Map<Object, List<HeldRow>> batch = new LinkedHashMap<>();
            List<Object> firstValues = new ArrayList<>();
            long held = 0;
            while (start < order.size() && (batch.isEmpty() || held + order.get(start).getValue().rows <= batchRows)) {
                Map.Entry<Object, GroupSize> group = order.get(start++);
                batch.put(group.getKey(), new ArrayList<>());
                firstValues.add(group.getValue().first.value(list.groupBy()[0]));
                held += group.getValue().rows;
            }
            Iterator<HeldRow> rows = RowScan.held(scope, and(filter, batchFilter(scope, list, firstValues)));
            while (rows.hasNext()) {
                HeldRow row = rows.next();
                List<HeldRow> group = batch.get(RowOrder.groupKey(scope, list.groupBy(), row));
                if (group != null) {
                    group.add(row);
                }
            }
            for (List<HeldRow> group : batch.values()) {
                emitHeldGroup(list.item(), group);
            }
        }
    }

    /**
     * A filter narrowing a batch's pass to its groups ({@code in} on a single grouping column), or
     * {@code null} when it cannot be said exactly (several columns, a null or NaN key): then every
     * row is read and the batch keeps its own.
     */
    private static Filter batchFilter(TableScope scope, ListOptions list, List<Object> values) {
        if (list.groupBy().length != 1 || values.stream().anyMatch(v -> v == null || v instanceof Double d && d.isNaN())) {
            return null;
        }
        return new Filter.Condition(scope.columns().get(list.groupBy()[0]).name(), Filter.Op.IN, values);
    }

    private void emitHeldGroup(ShapeNode item, List<HeldRow> rows) {
        emit(item, setContext(item, new HeldSource(rows)));
    }

    // ---- links ----

    private void link(Link link, HeldRow parent) {
        List<HeldRow> rows = linkedRows(link, parent);
        if (link.one() != null) {
            if (rows.isEmpty()) {
                out.literal(null);
            } else {
                emit(link.one(), setContext(link.one(), new HeldSource(rows)));
            }
            return;
        }
        out.startList(link.list().xmlItem());
        list(link.linked(), link.list(), new HeldSource(rows));
        out.endList();
    }

    /** The linked table's rows whose linked columns equal the parent's; none when a parent value is null or NaN. */
    private static List<HeldRow> linkedRows(Link link, HeldRow parent) {
        if (parent == null) {
            return List.of();
        }
        List<Filter> parts = new ArrayList<>();
        for (int i = 0; i < link.childColumns().length; i++) {
            Object v = parent.value(link.parentPositions()[i]);
            if (v == null || v instanceof Double d && d.isNaN()) {
                return List.of();
            }
            parts.add(new Filter.Condition(link.childColumns()[i].name(), Filter.Op.EQ, v));
        }
        if (link.filter() != null) {
            parts.add(link.filter());
        }
        List<HeldRow> rows = new ArrayList<>();
        RowScan.held(link.linked(), parts.size() == 1 ? parts.get(0) : new Filter.And(parts)).forEachRemaining(rows::add);
        return rows;
    }

    private static Filter and(Filter a, Filter b) {
        return a == null ? b : b == null ? a : new Filter.And(List.of(a, b));
    }

    private static int[] toArray(TreeSet<Integer> positions) {
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }
}
