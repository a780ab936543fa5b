package io.jazmin.robustness;

import io.jazmin.schema.Column;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The filter and row query a fuzz input asks for ({@link FuzzInput} bytes 1-3), built from the
 * table's columns and values sampled from its rows, so that most filters are well-typed and hit
 * rows, indexes and statistics, and some compare with literals of the wrong type.
 */
final class FuzzQueries {
    private FuzzQueries() {
    }

    static Filter filter(FuzzInput input, List<Column> columns, Column column, List<Object> samples) {
        String name = column.name();
        Object value = value(input.value(), samples, 0);
        Object other = value(input.value(), samples, 1);
        Filter base = switch (input.filterKind()) {
            case 0 -> Filter.eq(name, value);
            case 1 -> Filter.allOf(orNull(name, value, true), orNull(name, other, false));
            case 2 -> Filter.contains(name, fragment(value, input.value()));
            case 3 -> Filter.in(name, samples.isEmpty() ? List.of((long) input.value()) : samples.subList(0,
                    Math.min(samples.size(), 1 + input.value() % 8)));
            case 4 -> input.value() % 2 == 0 ? Filter.isNull(name) : Filter.isNotNull(name);
            case 5 -> Filter.ne(name, value);
            case 6 -> Filter.startsWith(name, fragment(value, input.value()));
            default -> Filter.parse(Filter.eq(name, value).toJson());
        };
        Column first = columns.get(0);
        return switch (input.combine()) {
            case 1 -> base.negate();
            case 2 -> base.and(Filter.isNotNull(first.name()));
            case 3 -> base.or(Filter.eq(first.name(), other));
            default -> base;
        };
    }

    static RowQuery rowQuery(FuzzInput input, List<Column> columns, Column column) {
        return switch (input.rowQuery()) {
            case 1 -> RowQuery.all().withSelect(List.of(column.name()));
            case 2 -> RowQuery.all().withOffset(1).withLimit(5);
            case 3 -> RowQuery.all().withLimit(0);
            case 4 -> RowQuery.all().withSelect(reversed(columns));
            case 5 -> RowQuery.all().withOffset(input.value());
            default -> RowQuery.all();
        };
    }

    private static List<String> reversed(List<Column> columns) {
        List<String> names = new ArrayList<>(columns.stream().map(Column::name).toList());
        Collections.reverse(names);
        return names;
    }

    /** A sampled value, or (no samples, or bit 7 of the selector set) a literal of some type. */
    private static Object value(int selector, List<Object> samples, int shift) {
        if (!samples.isEmpty() && (selector & 0x80) == 0) {
            return samples.get((selector + shift) % samples.size());
        }
        return switch ((selector + shift) % 5) {
            case 0 -> (long) selector;
            case 1 -> "v" + selector;
            case 2 -> selector / 3.0;
            case 3 -> selector % 2 == 0;
            default -> null;
        };
    }

    private static Filter orNull(String column, Object bound, boolean lower) {
        if (bound == null) {
            return Filter.isNotNull(column);
        }
        return lower ? Filter.gte(column, bound) : Filter.lte(column, bound);
    }

    /** The first few characters of the value's text (what a user's contains search would type). */
    private static String fragment(Object value, int selector) {
        String text = String.valueOf(value);
        return text.substring(0, Math.min(text.length(), 1 + selector % 4));
    }
}
