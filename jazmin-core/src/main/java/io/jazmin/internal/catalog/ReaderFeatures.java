package io.jazmin.internal.catalog;

import io.jazmin.error.UnsupportedFeatureException;
import java.util.List;
import java.util.Set;

/** The reader features of spec §1.26 this library understands; any other one is refused by name. */
public final class ReaderFeatures {
    /** Compact index pages; they only concern index lookups, never how rows decode. */
    public static final String INDEX_DELTAS = "index-deltas";
    /** List and object columns (spec §1.10). */
    public static final String NESTED_COLUMNS = "nested-columns";

    private static final Set<String> SUPPORTED = Set.of(INDEX_DELTAS, NESTED_COLUMNS);

    private ReaderFeatures() {
    }

    public static void check(List<String> features) {
        for (String f : features) {
            if (!SUPPORTED.contains(f)) {
                throw new UnsupportedFeatureException(f, "the file needs reader feature '" + f
                        + "', which this library does not know");
            }
        }
    }
}
