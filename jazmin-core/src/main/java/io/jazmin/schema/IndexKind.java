package io.jazmin.schema;

import java.util.Locale;
import io.jazmin.error.JazminValidationException;

/** The index kinds of JAZMIN 1.0 (spec §1.16). */
public enum IndexKind {
    /** Distinct values in order with their rows: eq, in, ranges, startsWith, isNull. */
    SORTED,
    /** Three-character grams of string values: contains and icontains. */
    TRIGRAM;

    /** Made once: an append parses the kind of every index segment the file lists. */
    private final String kindName = name().toLowerCase(Locale.ROOT);

    /**
     * Whether a table sorted by a column answers this kind's lookups on that column without the index
     * (its chunk statistics find the rows), so that writers build none on the leading sort column: true
     * for {@link #SORTED}.
     */
    public boolean servedBySortOrder() {
        return switch (this) {
            case SORTED -> true;
            case TRIGRAM -> false;
        };
    }

    /** The name stored in files ({@code sorted}, {@code trigram}). */
    public String kindName() {
        return kindName;
    }

    /** Parses {@code sorted} or {@code trigram}. */
    public static IndexKind fromName(String name) {
        for (IndexKind k : values()) {
            if (k.kindName().equals(name)) {
                return k;
            }
        }
        throw new JazminValidationException("unknown index kind '" + name + "' (expected sorted or trigram)");
    }
}
