package io.jazmin.internal.shape;

import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.export.ExportShape;
import io.jazmin.data.Filter;
import io.jazmin.internal.reader.TableReader;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.ShapeException;
import io.jazmin.data.SortKey;
import io.jazmin.internal.shape.ShapeNode.Aggregate;
import io.jazmin.internal.shape.ShapeNode.Link;
import io.jazmin.internal.shape.ShapeNode.ListOptions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Checks an export shape against the columns of its tables and compiles it, before any row is
 * read. Every mistake is a {@link ShapeException} naming its place in the reference's notation
 * ({@code clients[].total.$sum}). The rules are the reference's (docs/design/export-shapes.md).
 */
public final class ShapeCompiler {
    private static final Set<ColumnType> ORDERED = types(ColumnType::isOrdered);
    private static final Set<ColumnType> SUMMABLE = types(Accumulator::summable);
    private static final Set<String> LIST_KEYS = Set.of("$rows", "$filter", "$groupBy", "$sort", "$limit", "$xmlItem");
    private static final Set<String> LINK_KEYS = Set.of("$from", "$on", "$rows", "$filter", "$groupBy", "$sort",
            "$limit", "$xmlItem");
    private static final Set<String> ONE_KEYS = Set.of("$from", "$on", "$one", "$filter");
    /** Element names the XML output accepts for list items. */
    static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    /** The scope of the table a {@code $from} names, or {@code null} when there is none of that name. */
    private final Function<String, TableScope> tables;
    private final Map<String, TableScope> scopes = new LinkedHashMap<>();

    private ShapeCompiler(Function<String, TableScope> tables) {
        this.tables = tables;
    }

    /**
     * Compiles {@code shape} for {@code root}; {@code tables} finds the tables {@code $from} names
     * ({@code null} when there is none of that name).
     *
     * @throws ShapeException when the shape does not fit the tables
     */
    public static CompiledShape compile(ExportShape shape, TableReader root, Function<String, TableReader> tables) {
        ShapeCompiler compiler = new ShapeCompiler(name -> {
            TableReader table = tables.apply(name);
            return table == null ? null : new TableScope(table);
        });
        TableScope scope = compiler.scope(new TableScope(root));
        ShapeNode node = compiler.node(scope, shape.tree(), "", false);
        return new CompiledShape(scope, node);
    }

    /**
     * Checks {@code shape} against tables known by their columns only (a file being written), by
     * name in file order; it reads {@code root}.
     *
     * @throws ShapeException when the shape does not fit the tables
     */
    public static void check(ExportShape shape, String root, Map<String, List<Column>> tables) {
        ShapeCompiler compiler = new ShapeCompiler(name -> {
            List<Column> columns = tables.get(name);
            return columns == null ? null : new TableScope(name, columns);
        });
        compiler.node(compiler.scope(new TableScope(root, tables.get(root))), shape.tree(), "", false);
    }

    private TableScope scope(TableScope table) {
        return scopes.computeIfAbsent(table.name(), n -> table);
    }

    private static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static String items(String path) {
        return (path.isEmpty() ? "shape" : path) + "[]";
    }

    private ShapeNode node(TableScope scope, JsonNode value, String path, boolean inRow) {
        if (value.isString()) {
            int p = column(scope, value, path, null, "a value");
            return new ShapeNode.Value(scope.columns().get(p), p);
        }
        if (value.isNull() || value.isNumber() || value.isBoolean()) {
            return new ShapeNode.Literal(value);
        }
        if (value.isArray()) {
            throw new ShapeException(path, "arrays are not templates; use { \"$rows\": ... } for a list");
        }
        if (!value.isObject()) {
            throw new ShapeException(path, "unsupported value " + value);
        }
        List<String> keys = new ArrayList<>(value.propertyNames());
        long special = keys.stream().filter(k -> k.startsWith("$")).count();
        if (special == 0) {
            List<ShapeNode> members = new ArrayList<>();
            for (String k : keys) {
                members.add(node(scope, value.get(k), child(path, k), inRow));
            }
            return new ShapeNode.Members(keys, members);
        }
        if (special != keys.size()) {
            throw new ShapeException(path, "'$' members cannot be mixed with other members (" + String.join(", ", keys)
                    + ")");
        }
        if (value.has("$from")) {
            return link(scope, value, path, keys);
        }
        if (value.has("$rows")) {
            if (inRow) {
                throw new ShapeException(path, "a list inside a row list needs $groupBy on the outer list");
            }
            for (String k : keys) {
                if (!LIST_KEYS.contains(k)) {
                    throw new ShapeException(path, "unknown list option '" + k + "'");
                }
            }
            Filter filter = filter(scope, value.get("$filter"), child(path, "$filter"));
            int held = filter == null ? -1 : scope.addHeldFilter(filter);
            return new ShapeNode.Rows(scope, listOptions(scope, value, path, filter, held));
        }
        if (keys.size() != 1) {
            throw new ShapeException(path, "expected one '$' member, found " + String.join(", ", keys));
        }
        String key = keys.get(0);
        JsonNode arg = value.get(key);
        switch (key) {
            case "$value":
                return new ShapeNode.Literal(arg);
            case "$meta":
                if (!arg.isString()) {
                    throw new ShapeException(path, "$meta must name a metadata member");
                }
                return new ShapeNode.Meta(arg.asString());
            case "$count":
                requireSet(path, inRow);
                if (!arg.isBoolean() || !arg.asBoolean()) {
                    throw new ShapeException(path, "$count takes true");
                }
                return new Aggregate(Aggregate.Kind.COUNT, null, -1);
            case "$sum", "$min", "$max":
                requireSet(path, inRow);
                int p = column(scope, arg, child(path, key), key.equals("$sum") ? SUMMABLE : ORDERED, key);
                Aggregate.Kind kind = switch (key) {
                    case "$sum" -> Aggregate.Kind.SUM;
                    case "$min" -> Aggregate.Kind.MIN;
                    default -> Aggregate.Kind.MAX;
                };
                return new Aggregate(kind, scope.columns().get(p), p);
            default:
                throw new ShapeException(path, "unknown operator '" + key + "'");
        }
    }

    private static void requireSet(String path, boolean inRow) {
        if (inRow) {
            throw new ShapeException(path, "aggregates need a set of rows (use $groupBy on the list)");
        }
    }

    /** The position of the column {@code name} names, checked against {@code allowed} types (null: any). */
    private static Set<ColumnType> types(java.util.function.Predicate<ColumnType> which) {
        Set<ColumnType> types = EnumSet.noneOf(ColumnType.class);
        for (ColumnType t : ColumnType.values()) {
            if (which.test(t)) {
                types.add(t);
            }
        }
        return types;
    }

    private static int column(TableScope scope, JsonNode name, String path, Set<ColumnType> allowed, String what) {
        if (name == null || !name.isString()) {
            throw new ShapeException(path, what + " must name a column");
        }
        int p = scope.position(name.asString());
        if (p < 0) {
            throw new ShapeException(path, "unknown or hidden column '" + name.asString() + "'"
                    + (scope.name().isEmpty() ? "" : " in table '" + scope.name() + "'"));
        }
        Column c = scope.columns().get(p);
        if (allowed != null && !allowed.contains(c.type())) {
            throw new ShapeException(path, what + " is not supported on " + c.type().typeName() + " column '"
                    + c.name() + "'");
        }
        scope.use(p);
        return p;
    }

    private static Filter filter(TableScope scope, JsonNode filter, String path) {
        if (filter == null || filter.isNull()) {
            return null;
        }
        try {
            Filter f = Filter.parse(filter.toString());
            scope.bind(f);
            return f;
        } catch (JazminValidationException e) {
            throw new ShapeException(path, e.getMessage());
        }
    }

    private ListOptions listOptions(TableScope scope, JsonNode value, String path, Filter filter, int held) {
        JsonNode groupBy = value.get("$groupBy");
        int[] groups = new int[0];
        if (groupBy != null) {
            List<JsonNode> names = new ArrayList<>();
            if (groupBy.isArray()) {
                groupBy.forEach(names::add);
            } else {
                names.add(groupBy);
            }
            if (names.isEmpty()) {
                throw new ShapeException(path, "$groupBy needs at least one column");
            }
            groups = new int[names.size()];
            for (int i = 0; i < groups.length; i++) {
                groups[i] = column(scope, names.get(i), child(path, "$groupBy[" + i + "]"), ORDERED, "grouping");
            }
        }
        JsonNode sort = value.get("$sort");
        List<SortKey> keys = new ArrayList<>();
        int[] sortPositions = new int[0];
        if (sort != null) {
            if (!sort.isArray()) {
                throw new ShapeException(child(path, "$sort"), "must be an array of column names");
            }
            sortPositions = new int[sort.size()];
            for (int i = 0; i < sort.size(); i++) {
                JsonNode entry = sort.get(i);
                boolean desc = entry.isString() && entry.asString().startsWith("-");
                JsonNode name = desc ? tools.jackson.databind.node.StringNode.valueOf(entry.asString().substring(1))
                        : entry;
                int p = column(scope, name, child(path, "$sort[" + i + "]"), ORDERED, "sorting");
                sortPositions[i] = p;
                String column = scope.columns().get(p).name();
                keys.add(desc ? SortKey.desc(column) : SortKey.asc(column));
            }
        }
        JsonNode limit = value.get("$limit");
        long max = -1;
        if (limit != null) {
            if (!limit.isIntegralNumber() || !limit.canConvertToLong() || limit.asLong() < 0) {
                throw new ShapeException(child(path, "$limit"), "must be a non-negative integer");
            }
            max = limit.asLong();
        }
        JsonNode xmlItem = value.get("$xmlItem");
        String item = "item";
        if (xmlItem != null) {
            if (!xmlItem.isString() || !XML_NAME.matcher(xmlItem.asString()).matches()) {
                throw new ShapeException(child(path, "$xmlItem"), "must be a valid XML element name");
            }
            item = xmlItem.asString();
        }
        ShapeNode template = node(scope, value.get("$rows"), items(path), groups.length == 0);
        return new ListOptions(filter, held, groups, keys, sortPositions, max, item, template);
    }

    private ShapeNode link(TableScope scope, JsonNode value, String path, List<String> keys) {
        boolean one = value.has("$one");
        if (one == value.has("$rows")) {
            throw new ShapeException(path, "a link needs one of $rows or $one");
        }
        for (String k : keys) {
            if (!(one ? ONE_KEYS : LINK_KEYS).contains(k)) {
                throw new ShapeException(path, "unknown option '" + k + "' " + (one ? "with $one" : "in a linked list"));
            }
        }
        JsonNode from = value.get("$from");
        if (!from.isString()) {
            throw new ShapeException(child(path, "$from"), "$from must name a table");
        }
        TableScope table = scopes.containsKey(from.asString()) ? scopes.get(from.asString()) : tables.apply(from.asString());
        if (table == null) {
            throw new ShapeException(child(path, "$from"), "unknown table '" + from.asString() + "'");
        }
        TableScope linked = scope(table);
        JsonNode on = value.get("$on");
        if (on == null || !on.isObject() || on.isEmpty()) {
            throw new ShapeException(child(path, "$on"),
                    "$on needs at least one column pair, such as { \"customer_id\": \"id\" }");
        }
        List<String> childNames = new ArrayList<>(on.propertyNames());
        Column[] children = new Column[childNames.size()];
        int[] parents = new int[childNames.size()];
        for (int i = 0; i < children.length; i++) {
            String where = child(path, "$on." + childNames.get(i));
            int c = column(linked, tools.jackson.databind.node.StringNode.valueOf(childNames.get(i)), where, ORDERED,
                    "a link");
            int p = column(scope, on.get(childNames.get(i)), where, ORDERED, "a link");
            Column childColumn = linked.columns().get(c);
            Column parentColumn = scope.columns().get(p);
            if (childColumn.type() != parentColumn.type()) {
                throw new ShapeException(where, "$on links " + childColumn.type().typeName() + " column '"
                        + childColumn.name() + "' to " + parentColumn.type().typeName() + " column '"
                        + parentColumn.name() + "': the types must match");
            }
            children[i] = childColumn;
            parents[i] = p;
        }
        Filter filter = filter(linked, value.get("$filter"), child(path, "$filter"));
        if (one) {
            ShapeNode item = node(linked, value.get("$one"), child(path.isEmpty() ? "shape" : path, "$one"), false);
            return new Link(linked, children, parents, filter, null, item);
        }
        return new Link(linked, children, parents, filter, listOptions(linked, value, path, null, -1), null);
    }
}
