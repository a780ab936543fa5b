package io.jazmin.spark.read;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Counts pushed into a scan ({@code COUNT(*)}, {@code COUNT(col)}): each one a JAZMIN filter, the
 * pushed filter alone or with {@code col} not null. The scan then gives one {@code bigint} per
 * count instead of rows.
 *
 * @param description the counts as Spark writes them, for the plan
 * @param filters     each count's filter as JAZMIN JSON ({@code null}: every live row)
 */
record PushedCounts(String description, List<String> filters) implements Serializable {
    PushedCounts {
        filters = Collections.unmodifiableList(new ArrayList<>(filters)); // null items allowed
    }
}
