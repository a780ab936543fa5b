package io.jazmin.spring.data.repository.query;

import io.jazmin.data.Filter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.spring.data.core.CellValues;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import io.jazmin.spring.data.core.InvalidQueryArgumentException;

/**
 * A JSON filter with {@code ?0} / {@code :name} placeholders (see {@link io.jazmin.spring.data.repository.Query}),
 * parsed once by the engine's filter parser: each placeholder outside a string is replaced by a
 * marker string before parsing ({@code ["marker"]} right after {@code "in":}), and {@link #bind}
 * puts the arguments where the markers are. Names are checked against the entity's columns and
 * properties, and properties are renamed to their columns.
 */
final class FilterTemplate {
    /** Where a value goes: an argument index, or a parameter name ({@code index} then {@code -1}). */
    record Placeholder(int index, String name) {
        @Override
        public String toString() {
            return name == null ? "?" + index : ":" + name;
        }
    }

    // Parsed markers start with a NUL, which a filter's own strings would have to spell as an escape.
    private static final String MARKER = "\u0000jazmin-parameter:";
    private static final String MARKER_JSON = "\\u0000jazmin-parameter:";

    private final Filter filter;
    private final List<Placeholder> placeholders;
    private final String method;

    private FilterTemplate(Filter filter, List<Placeholder> placeholders, String method) {
        this.filter = filter;
        this.placeholders = List.copyOf(placeholders);
        this.method = method;
    }

    /**
     * Parses {@code text} for {@code entity}'s file.
     *
     * @param method the method's name for messages
     * @throws UnsupportedQueryException when the text is no valid filter or names neither a column nor a property
     */
    static FilterTemplate parse(String text, JazminPersistentEntity<?> entity, String method) {
        List<Placeholder> found = new ArrayList<>();
        String json = markPlaceholders(text, found);
        Filter parsed;
        try {
            parsed = Filter.parse(json);
        } catch (JazminValidationException e) {
            throw invalid(method, e.getMessage());
        }
        return new FilterTemplate(toColumns(parsed, entity, method), found, method);
    }

    /** The placeholders in the order they appear. */
    List<Placeholder> placeholders() {
        return placeholders;
    }

    /** The filter with the value of each placeholder ({@code values} by position in {@link #placeholders()}). */
    Filter bind(IntFunction<Object> values) {
        return bind(filter, values);
    }

    private Filter bind(Filter f, IntFunction<Object> values) {
        if (f instanceof Filter.And and) {
            return new Filter.And(and.parts().stream().map(p -> bind(p, values)).toList());
        }
        if (f instanceof Filter.Or or) {
            return new Filter.Or(or.parts().stream().map(p -> bind(p, values)).toList());
        }
        if (f instanceof Filter.Not not) {
            return new Filter.Not(bind(not.inner(), values));
        }
        if (f instanceof Filter.Nested n) {
            return new Filter.Nested(n.column(), n.op(), bind(n.inner(), values));
        }
        Filter.Condition c = (Filter.Condition) f;
        if (c.op().takesList()) {
            List<Object> items = new ArrayList<>();
            for (Object item : (List<?>) c.operand()) {
                int at = markerIndex(item);
                if (at < 0) {
                    items.add(item);
                } else {
                    items.addAll(PartFilters.collection(CellValues.toCell(values.apply(at))));
                }
            }
            return Filter.in(c.column(), items);
        }
        int at = markerIndex(c.operand());
        if (at < 0) {
            return c;
        }
        Object value = CellValues.toCell(values.apply(at));
        if (value == null) {
            return switch (c.op()) {
                case EQ -> Filter.isNull(c.column());
                case NE -> Filter.isNotNull(c.column());
                // (in is bound above, item by item)
                case IN, IS_NULL, GT, GTE, LT, LTE, CONTAINS, ICONTAINS, STARTS_WITH, ENDS_WITH, IEQ, ISTARTS_WITH,
                        IENDS_WITH -> throw new InvalidQueryArgumentException("method " + method + ": parameter "
                        + placeholders.get(at) + " is null, but '" + c.op().jsonName() + "' needs a value");
            };
        }
        return new Filter.Condition(c.column(), c.op(), value);
    }

    private static int markerIndex(Object operand) {
        return operand instanceof String s && s.startsWith(MARKER) ? Integer.parseInt(s.substring(MARKER.length()))
                : -1;
    }

    /** {@code text} with each placeholder outside strings replaced by a marker string, recorded in {@code found}. */
    private static String markPlaceholders(String text, List<Placeholder> found) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        char previous = 0; // the last significant character outside strings
        String lastString = null;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = stringEnd(text, i);
                lastString = text.substring(i + 1, Math.max(i + 1, end - 1));
                out.append(text, i, end);
                previous = '"';
                i = end;
                continue;
            }
            int end = -1;
            Placeholder placeholder = null;
            if (c == '?' && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
                end = scan(text, i + 1, true);
                placeholder = new Placeholder(Integer.parseInt(text.substring(i + 1, end)), null);
            } else if (c == ':' && (previous == ':' || previous == '[' || previous == ',')
                    && i + 1 < text.length() && Character.isJavaIdentifierStart(text.charAt(i + 1))) {
                end = scan(text, i + 1, false);
                placeholder = new Placeholder(-1, text.substring(i + 1, end));
            }
            if (placeholder == null) {
                out.append(c);
                if (!Character.isWhitespace(c)) {
                    previous = c;
                }
                i++;
                continue;
            }
            String marker = "\"" + MARKER_JSON + found.size() + "\"";
            found.add(placeholder);
            out.append(previous == ':' && "in".equals(lastString) ? "[" + marker + "]" : marker);
            previous = '"';
            i = end;
        }
        return out.toString();
    }

    /** The index after the string literal starting at {@code start} (or the text's end when unterminated). */
    private static int stringEnd(String text, int start) {
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '"') {
                return i + 1;
            } else {
                i++;
            }
        }
        return text.length();
    }

    private static int scan(String text, int from, boolean digits) {
        int i = from;
        while (i < text.length() && (digits ? Character.isDigit(text.charAt(i))
                : Character.isJavaIdentifierPart(text.charAt(i)))) {
            i++;
        }
        return i;
    }

    /** {@code f} with property names renamed to columns, every name checked; text operators need strings. */
    private static Filter toColumns(Filter f, JazminPersistentEntity<?> entity, String method) {
        if (f instanceof Filter.And and) {
            return new Filter.And(and.parts().stream().map(p -> toColumns(p, entity, method)).toList());
        }
        if (f instanceof Filter.Or or) {
            return new Filter.Or(or.parts().stream().map(p -> toColumns(p, entity, method)).toList());
        }
        if (f instanceof Filter.Not not) {
            return new Filter.Not(toColumns(not.inner(), entity, method));
        }
        if (f instanceof Filter.Nested n) {
            return new Filter.Nested(member(n.column(), entity, method).getColumnName(), n.op(), n.inner());
        }
        Filter.Condition c = (Filter.Condition) f;
        JazminPersistentProperty member = member(c.column(), entity, method);
        if (c.op().isText() && member.getType() != String.class) {
            throw invalid(method, "operator '" + c.op().jsonName() + "' needs a String property, '" + c.column()
                    + "' is " + member.getType().getSimpleName());
        }
        return new Filter.Condition(member.getColumnName(), c.op(), c.operand());
    }

    private static JazminPersistentProperty member(String name, JazminPersistentEntity<?> entity, String method) {
        if (name.startsWith(MARKER)) {
            throw invalid(method, "a placeholder stands where a column name goes; placeholders stand for values");
        }
        JazminPersistentProperty member = entity.getPropertyForColumn(name);
        if (member == null) {
            member = entity.getPersistentProperty(name);
        }
        if (member == null) {
            List<String> columns = new ArrayList<>();
            entity.doWithProperties((JazminPersistentProperty p) -> columns.add(p.getColumnName()));
            throw invalid(method, entity.getType().getSimpleName() + " has no column or property '" + name
                    + "' (columns: " + columns.stream().sorted().collect(Collectors.joining(", ")) + ")");
        }
        return member;
    }

    static UnsupportedQueryException invalid(String method, String problem) {
        return new UnsupportedQueryException("Invalid @Query filter of method " + method + ": " + problem);
    }
}
