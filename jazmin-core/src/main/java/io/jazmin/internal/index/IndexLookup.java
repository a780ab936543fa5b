package io.jazmin.internal.index;

import java.util.List;
import java.util.Objects;

/**
 * One condition an index may answer (spec §2.2), built by the planner from a filter. Values are
 * given as {@link io.jazmin.internal.column.KeyForms#keyOf} accepts them for the column's type:
 * {@link Boolean}, {@link Long} (int; datetime as epoch ms or {@link java.time.Instant}),
 * {@link Double}, {@link java.math.BigDecimal}, {@link String}.
 */
public sealed interface IndexLookup {

    /** Rows whose key equals {@code value} (a float NaN equals nothing). */
    record Eq(Object value) implements IndexLookup {
        public Eq {
            Objects.requireNonNull(value, "value (use IsNull for null cells)");
        }
    }

    /** Rows whose key equals one of {@code values}. */
    record In(List<Object> values) implements IndexLookup {
        public In {
            values = List.copyOf(values);
        }
    }

    /**
     * Rows whose key lies between the bounds; a {@code null} bound leaves that side open (a NaN bound
     * matches nothing).
     */
    record Range(Object lower, boolean lowerInclusive, Object upper, boolean upperInclusive) implements IndexLookup {
    }

    /** Rows whose string starts with {@code prefix} (UTF-16 code units). */
    record StartsWith(String prefix) implements IndexLookup {
        public StartsWith {
            Objects.requireNonNull(prefix, "prefix");
        }
    }

    /** Rows whose cell is null. */
    record IsNull() implements IndexLookup {
    }

    /** Rows whose string contains {@code text} (trigram indexes; the answer is a superset). */
    record Contains(String text, boolean ignoreCase) implements IndexLookup {
        public Contains {
            Objects.requireNonNull(text, "text");
        }
    }
}
