package io.jazmin.internal.query;

import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * A filter bound to a table's columns: operands converted to the column types, ready to test rows
 * of decoded chunks and to reason about chunk statistics. Built by {@link FilterBinder}.
 */
public abstract class Predicate {
    /** Whether row {@code row} of the chunk matches. */
    public abstract boolean test(ChunkValues values, int row);

    /**
     * Counts the rows {@code [0, rows)} of a chunk without deleted rows that match, handing each to
     * {@code out} (when not {@code null}) in ascending order. A scan makes one call per chunk: the
     * rows are narrowed as a bitmap by {@link #retain}, in which a test on a column can run one loop
     * over its values (a lookup in a fresh process runs such loops interpreted, where a call per row
     * costs more than the test).
     */
    final int matchAll(ChunkValues values, int rows, IntConsumer out) {
        long[] bits = new long[(rows + 63) >>> 6];
        java.util.Arrays.fill(bits, -1L);
        if ((rows & 63) != 0) {
            bits[bits.length - 1] = (1L << rows) - 1; // the shift takes rows mod 64
        }
        retain(values, rows, bits);
        return emit(bits, out);
    }

    /** Counts the rows set in {@code bits}, handing each to {@code out} (when not {@code null}) in ascending order. */
    static int emit(long[] bits, IntConsumer out) {
        int n = 0;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            n += Long.bitCount(word);
            while (out != null && word != 0) {
                out.accept((w << 6) + Long.numberOfTrailingZeros(word));
                word &= word - 1;
            }
        }
        return n;
    }

    /**
     * Clears in {@code bits} (row {@code p} of the chunk is bit {@code p & 63} of word {@code p >>> 6};
     * only rows {@code [0, rows)} may be set) the rows that do not match. By default each row still set
     * is tested on its own.
     */
    void retain(ChunkValues values, int rows, long[] bits) {
        retainEach(bits, row -> test(values, row));
    }

    /** Clears in {@code bits} each row set that {@code keep} refuses. */
    static void retainEach(long[] bits, IntPredicate keep) {
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            long kept = word;
            while (word != 0) {
                int bit = Long.numberOfTrailingZeros(word);
                word &= word - 1;
                if (!keep.test((w << 6) + bit)) {
                    kept &= ~(1L << bit);
                }
            }
            bits[w] = kept;
        }
    }

    /** The rows of one word that a column's values keep (see {@link #retainWords}). */
    interface WordTest {
        /**
         * Bit {@code i} set when row {@code base + i} is kept, for {@code i} below {@code n} (at most 64);
         * only the rows set in {@code asked} (not 0) need an answer.
         */
        long keep(int base, int n, long asked);
    }

    /**
     * Clears in {@code bits} the rows of rows {@code [0, rows)} that {@code test} does not keep and the
     * null rows of {@code nulls} (an LSB-first bitmap, or {@code null}), skipping words with no row set.
     */
    static void retainWords(long[] bits, int rows, byte[] nulls, WordTest test) {
        for (int w = 0; w < bits.length; w++) {
            if (bits[w] == 0) {
                continue;
            }
            int base = w << 6;
            bits[w] &= test.keep(base, Math.min(64, rows - base), bits[w]) & ~nullWord(nulls, base);
        }
    }

    /**
     * The null bits of rows {@code [base, base + 64)} as one word ({@code base} a multiple of 64), from
     * an LSB-first bitmap or {@code null} (no null).
     */
    static long nullWord(byte[] nulls, int base) {
        if (nulls == null) {
            return 0;
        }
        long word = 0;
        int from = base >>> 3;
        int to = Math.min(nulls.length, from + 8);
        for (int i = from; i < to; i++) {
            word |= (nulls[i] & 0xFFL) << ((i - from) << 3);
        }
        return word;
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

        /** Each part narrows the rows the parts before it left. */
        @Override
        void retain(ChunkValues values, int rows, long[] bits) {
            for (Predicate p : parts) {
                p.retain(values, rows, bits);
            }
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

        /** Each part is asked only about the rows no part before it matched. */
        @Override
        void retain(ChunkValues values, int rows, long[] bits) {
            long[] matched = new long[bits.length];
            long[] open = new long[bits.length];
            for (Predicate p : parts) {
                for (int w = 0; w < bits.length; w++) {
                    open[w] = bits[w] & ~matched[w];
                }
                p.retain(values, rows, open);
                for (int w = 0; w < bits.length; w++) {
                    matched[w] |= open[w];
                }
            }
            System.arraycopy(matched, 0, bits, 0, bits.length);
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

        /** The rows set that the inner condition does not keep. */
        @Override
        void retain(ChunkValues values, int rows, long[] bits) {
            long[] kept = bits.clone();
            inner.retain(values, rows, kept);
            for (int w = 0; w < bits.length; w++) {
                bits[w] &= ~kept[w];
            }
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
