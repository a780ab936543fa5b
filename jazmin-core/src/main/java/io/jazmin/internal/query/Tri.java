package io.jazmin.internal.query;

/** What statistics prove about a chunk: no row matches, every row matches, or unknown. */
public enum Tri {
    NONE, SOME, ALL;

    Tri not() {
        return this == NONE ? ALL : this == ALL ? NONE : SOME;
    }
}
