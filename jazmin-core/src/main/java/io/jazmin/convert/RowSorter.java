package io.jazmin.convert;

import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.internal.column.KeyForms;
import io.jazmin.schema.Column;
import io.jazmin.schema.JsonText;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * Sorts rows by columns within a memory budget, for writing a {@code sorted_by} file from unsorted
 * input: rows are held until their estimated size reaches the budget, then sorted and spilled to a
 * temporary file (one canonical JSON row per line, lossless); {@link #sorted()} merges the runs.
 * Keys compare as {@code sorted_by} orders them (spec §1.15: nulls first, key forms); equal keys keep
 * input order. {@link #close()} deletes the temporary files.
 */
public final class RowSorter implements AutoCloseable {
    /** Estimated bytes of a held row beyond its values (list, key array, entry). */
    private static final int ROW_OVERHEAD = 96;

    private final List<Column> columns;
    private final int[] positions;
    private final Comparator<Object>[] comparators;
    private final long budget;
    private final Path tempDir;
    private final List<Path> runs = new ArrayList<>();
    private List<Held> held = new ArrayList<>();
    private long heldBytes;
    private long rows;
    private boolean merging;

    /**
     * @param columns  the rows' columns, values given in this order
     * @param sortBy   the columns to sort by, each of an ordered type
     * @param budget   bytes of rows to hold at most before spilling a run (an estimate)
     * @param tempDir  where runs are spilled
     * @throws JazminValidationException when a sort column is unknown or has no order
     */
    @SuppressWarnings("unchecked")
    public RowSorter(List<Column> columns, List<String> sortBy, long budget, Path tempDir) {
        this.columns = List.copyOf(columns);
        this.positions = new int[sortBy.size()];
        this.comparators = new Comparator[sortBy.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = position(sortBy.get(i));
            comparators[i] = KeyForms.comparator(columns.get(positions[i]).type());
        }
        this.budget = Math.max(1, budget);
        this.tempDir = tempDir;
    }

    private int position(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new JazminValidationException("cannot sort by unknown column '" + name + "'");
    }

    /** Adds a row (values in column order); may spill the rows held so far. */
    public void add(List<Object> values) {
        if (merging) {
            throw new IllegalStateException("rows are added before sorted() is called");
        }
        held.add(new Held(keys(values), values, rows++));
        heldBytes += estimate(values);
        if (heldBytes >= budget) {
            spill();
        }
    }

    /** Runs spilled to temporary files so far. */
    public int spilledRuns() {
        return runs.size();
    }

    /** Every row added, sorted; call once, after the last {@link #add}. */
    public Iterator<List<Object>> sorted() {
        merging = true;
        held.sort(this::compare);
        if (runs.isEmpty()) {
            Iterator<Held> rest = held.iterator();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return rest.hasNext();
                }

                @Override
                public List<Object> next() {
                    return rest.next().values();
                }
            };
        }
        if (!held.isEmpty()) {
            spill();
        }
        return merge();
    }

    private Object[] keys(List<Object> values) {
        Object[] keys = new Object[positions.length];
        for (int i = 0; i < keys.length; i++) {
            Object v = values.get(positions[i]);
            keys[i] = v == null ? null : KeyForms.keyOf(columns.get(positions[i]).type(), v);
        }
        return keys;
    }

    /** Nulls first; a value without a key form (NaN) last, where the writer refuses it. Equal keys: input order. */
    private int compare(Held a, Held b) {
        for (int i = 0; i < positions.length; i++) {
            Object x = a.keys()[i];
            Object y = b.keys()[i];
            boolean xNull = a.values().get(positions[i]) == null;
            boolean yNull = b.values().get(positions[i]) == null;
            int c;
            if (xNull || yNull) {
                c = Boolean.compare(yNull, xNull);
            } else if (x == null || y == null) {
                c = Boolean.compare(x == null, y == null);
            } else {
                c = comparators[i].compare(x, y);
            }
            if (c != 0) {
                return c;
            }
        }
        return Long.compare(a.order(), b.order());
    }

    private static long estimate(List<Object> values) {
        long bytes = ROW_OVERHEAD + 8L * values.size();
        for (Object v : values) {
            if (v instanceof String s) {
                bytes += 48 + 2L * s.length();
            } else if (v instanceof byte[] b) {
                bytes += 24 + b.length;
            } else if (v instanceof JsonText j) {
                bytes += 64 + 2L * j.text().length();
            } else if (v instanceof List<?> || v instanceof Map<?, ?>) {
                bytes += 64 + 2L * String.valueOf(v).length();
            } else if (v != null) {
                bytes += 32;
            }
        }
        return bytes;
    }

    private void spill() {
        held.sort(this::compare);
        try {
            Path run = Files.createTempFile(tempDir, "jazmin-sort-", ".jsonl");
            runs.add(run);
            try (BufferedWriter out = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
                for (Held h : held) {
                    out.write(CanonicalValues.rowToJson(columns, h.values(), JsonStyle.CANONICAL));
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot write", "a temporary sort file in " + tempDir, e);
        }
        held = new ArrayList<>();
        heldBytes = 0;
    }

    private Iterator<List<Object>> merge() {
        PriorityQueue<Run> queue = new PriorityQueue<>((a, b) -> compare(a.current, b.current));
        for (int r = 0; r < runs.size(); r++) {
            Run run = new Run(runs.get(r), r);
            if (run.advance()) {
                queue.add(run);
            }
        }
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return !queue.isEmpty();
            }

            @Override
            public List<Object> next() {
                Run run = queue.poll();
                if (run == null) {
                    throw new NoSuchElementException();
                }
                List<Object> values = run.current.values();
                if (run.advance()) {
                    queue.add(run);
                }
                return values;
            }
        };
    }

    /** Deletes the temporary files (also those of a sort given up half-way). */
    @Override
    public void close() {
        JazminIoException failed = null;
        for (Path run : runs) {
            try {
                Files.deleteIfExists(run);
            } catch (IOException e) {
                failed = new JazminIoException("cannot delete", "temporary sort file " + run, e);
            }
        }
        runs.clear();
        if (failed != null) {
            throw failed;
        }
    }

    private record Held(Object[] keys, List<Object> values, long order) {
    }

    /** A spilled run read back line by line; equal keys across runs keep run (input) order. */
    private final class Run {
        private final BufferedReader in;
        private final Path file;
        private final int index;
        private long line;
        private Held current;

        Run(Path file, int index) {
            this.file = file;
            this.index = index;
            try {
                this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new JazminIoException("cannot read", "temporary sort file " + file, e);
            }
        }

        boolean advance() {
            String text;
            try {
                text = in.readLine();
                if (text == null) {
                    in.close();
                    current = null;
                    return false;
                }
            } catch (IOException e) {
                throw new JazminIoException("cannot read", "temporary sort file " + file, e);
            }
            List<Object> values = new ArrayList<>(CanonicalValues.rowFromJson(columns, text).values());
            // Order across runs: the run's index, then the line in it, as the rows came in.
            current = new Held(keys(values), values, ((long) index << 40) | line++);
            return true;
        }
    }
}
