package io.jazmin.internal.query;

import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * A filter bound to a table's columns: operands converted to the column types, ready to test rows
 * of decoded chunks and to reason about chunk statistics. Built by {@link FilterBinder}.
 */
public abstract class Predicate {
    /** Whether row {@code row} of the chunk matches. */
    public abstract boolean test(ChunkValues values, int row);

    /**
     * Counts the rows {@code [0, rows)} of a chunk without deleted rows that match, handing each to
     * {@code out} (when not {@code null}) in ascending order. A scan makes one call per chunk, so a
     * subclass can test in one loop over the values: a lookup in a fresh process runs this loop
     * interpreted, where a call per row costs more than the test.
     */
    int matchAll(ChunkValues values, int rows, IntConsumer out) {
        int n = 0;
        for (int p = 0; p < rows; p++) {
            if (test(values, p)) {
                if (out != null) {
                    out.accept(p);
                }
                n++;
            }
        }
        return n;
    }

    /** What the chunk's statistics prove about this predicate. */
    public abstract Tri prune(StatisticsView stats);

    /** Adds the positions of the columns this predicate reads. */
    abstract void collectColumns(Set<Integer> into);

    /** All parts must match. */
    static final class And extends Predicate {
        final List<Predicate> parts;

        And(List<Predicate> parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(ChunkValues values, int row) {
            for (Predicate p : parts) {
                if (!p.test(values, row)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Tri prune(StatisticsView stats) {
            boolean all = true;
            for (Predicate p : parts) {
                Tri t = p.prune(stats);
                if (t == Tri.NONE) {
                    return Tri.NONE;
                }
                all &= t == Tri.ALL;
            }
            return all ? Tri.ALL : Tri.SOME;
        }

        @Override
        void collectColumns(Set<Integer> into) {
            parts.forEach(p -> p.collectColumns(into));
        }
    }

    /** At least one part must match. */
    static final class Or extends Predicate {
        final List<Predicate> parts;

        Or(List<Predicate> parts) {
            this.parts = parts;
        }

        @Override
        public boolean test(ChunkValues values, int row) {
            for (Predicate p : parts) {
                if (p.test(values, row)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public Tri prune(StatisticsView stats) {
            boolean none = true;
            for (Predicate p : parts) {
                Tri t = p.prune(stats);
                if (t == Tri.ALL) {
                    return Tri.ALL;
                }
                none &= t == Tri.NONE;
            }
            return none ? Tri.NONE : Tri.SOME;
        }

        @Override
        void collectColumns(Set<Integer> into) {
            parts.forEach(p -> p.collectColumns(into));
        }
    }

    /** Plain negation of the inner result (a null cell fails the inner condition, so it passes here). */
    static final class Not extends Predicate {
        final Predicate inner;

        Not(Predicate inner) {
            this.inner = inner;
        }

        @Override
        public boolean test(ChunkValues values, int row) {
            return !inner.test(values, row);
        }

        @Override
        public Tri prune(StatisticsView stats) {
            return inner.prune(stats).not();
        }

        @Override
        void collectColumns(Set<Integer> into) {
            inner.collectColumns(into);
        }
    }

    /** Matches every row (an empty AND) or none (an empty OR, an impossible operand). */
    static final class Constant extends Predicate {
        final boolean value;

        Constant(boolean value) {
            this.value = value;
        }

        @Override
        public boolean test(ChunkValues values, int row) {
            return value;
        }

        @Override
        public Tri prune(StatisticsView stats) {
            return value ? Tri.ALL : Tri.NONE;
        }

        @Override
        void collectColumns(Set<Integer> into) {
            // Reads nothing.
        }
    }

    /** The positions of every column this predicate reads. */
    public Set<Integer> columns() {
        Set<Integer> out = new java.util.TreeSet<>();
        collectColumns(out);
        return out;
    }
}
