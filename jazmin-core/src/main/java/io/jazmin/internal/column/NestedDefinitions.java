package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import io.jazmin.internal.catalog.CatalogColumn;
import java.util.HashSet;
import java.util.Set;

/**
 * The rules for list and object definitions (spec §1.10): a list has exactly one item, an object at
 * least one field with unique non-empty names, no other type has either, and items and fields nest
 * at most {@value CatalogColumn#MAX_NESTING} levels below the column.
 */
public final class NestedDefinitions {
    private NestedDefinitions() {
    }

    /** What is wrong with {@code column}'s definition (items and fields included), or {@code null}. */
    public static String problem(Column column) {
        return problem(column, column.name(), 0);
    }

    private static String problem(Column c, String path, int depth) {
        if (depth > CatalogColumn.MAX_NESTING) {
            return "column '" + path + "' is nested more than " + CatalogColumn.MAX_NESTING + " levels deep";
        }
        if (c.type().hasItems()) {
            if (c.item() == null || !c.fields().isEmpty()) {
                return "list column '" + path + "' needs exactly one item definition and no fields";
            }
            return problem(c.item(), path + "[]", depth + 1);
        }
        if (c.type().hasFields()) {
            if (c.fields().isEmpty() || c.item() != null) {
                return "object column '" + path + "' needs at least one field and no item";
            }
            Set<String> names = new HashSet<>();
            for (Column f : c.fields()) {
                if (f.name().isEmpty() || !names.add(f.name())) {
                    return "object column '" + path + "' has an empty or repeated field name '" + f.name() + "'";
                }
                String p = problem(f, path + "." + f.name(), depth + 1);
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        if (c.item() != null || !c.fields().isEmpty()) {
            return "column '" + path + "' is a " + c.type().typeName() + ": only lists have an item and only objects "
                    + "have fields";
        }
        return null;
    }
}
