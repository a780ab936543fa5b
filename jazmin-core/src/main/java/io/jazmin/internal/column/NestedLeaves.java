package io.jazmin.internal.column;

import io.jazmin.schema.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The leaves of a nested column (spec §1.14): every field or item that is not itself a list or
 * object, depth first in field order, each with its path (field positions from the column; list
 * items add no step) and the vector of its entries.
 */
final class NestedLeaves {
    /** A leaf's path and entries. */
    record Leaf(int[] path, ColumnVector values) {
    }

    private NestedLeaves() {
    }

    static List<Leaf> of(ColumnVector nested) {
        List<Leaf> out = new ArrayList<>();
        collect(nested.definition(), nested, new int[0], out);
        return out;
    }

    /** The paths of the leaves of nested column {@code def}, in the order {@link #of} lists them. */
    static List<int[]> paths(Column def) {
        List<Leaf> out = new ArrayList<>();
        collect(def, null, new int[0], out);
        return out.stream().map(Leaf::path).toList();
    }

    /** Collects the leaves under {@code def}; {@code v} {@code null}: their paths alone. */
    private static void collect(Column def, ColumnVector v, int[] path, List<Leaf> out) {
        if (def.type().hasItems()) {
            collect(def.item(), v == null ? null : v.items(), path, out);
        } else if (def.type().hasFields()) {
            for (int f = 0; f < def.fields().size(); f++) {
                int[] child = Arrays.copyOf(path, path.length + 1);
                child[path.length] = f;
                collect(def.fields().get(f), v == null ? null : v.fields()[f], child, out);
            }
        } else {
            out.add(new Leaf(path, v));
        }
    }
}
