package io.jazmin.internal.index;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One segment of a trigram index (spec §1.16), read when its first lookup is made. Answers
 * {@code contains} and {@code icontains} with a superset of the matching rows (every row read must
 * still be checked). Useless, and so never used, for text under 3 code units and for a
 * case-insensitive search with non-ASCII text. Not thread-safe.
 */
public final class TrigramIndex implements ColumnIndex {
    private final String sectionId;
    private final SectionRef ref;
    private final long rowCount;
    private final SectionLoader loader;
    private GramTable table;
    /** The section's raw length from its envelope once asked, else -1. */
    private long rawLength = -1;

    private TrigramIndex(String sectionId, SectionRef ref, long rowCount, SectionLoader loader) {
        this.sectionId = sectionId;
        this.ref = ref;
        this.rowCount = rowCount;
        this.loader = loader;
    }

    /**
     * A trigram index segment; nothing is read until a lookup is made.
     *
     * @param table    the table's number in the file
     * @param rowCount the table's row count (written rows, deleted ones included)
     */
    public static TrigramIndex open(int table, IndexRef ref, long rowCount, SectionLoader loader) {
        if (!IndexRef.TRIGRAM.equals(ref.kind())) {
            throw new IllegalArgumentException("not a trigram index: " + ref.kind());
        }
        String id = IndexSectionIds.index(table, ref.column(), IndexRef.TRIGRAM, ref.segment());
        if (ref.section() == null) {
            throw new JazminFormatException("index has no section", id, -1);
        }
        return new TrigramIndex(id, ref.section(), rowCount, loader);
    }

    /** Whether a trigram index can narrow a search for {@code text}. */
    public static boolean usable(String text, boolean ignoreCase) {
        // Only ASCII letters are folded in the index, so other case variants of the text are not in it.
        return text.length() >= 3 && !(ignoreCase && !Trigrams.isAscii(text));
    }

    /**
     * Rows that may contain {@code text}: those having all of its grams. Empty when the index is
     * {@linkplain #usable unusable} for the text.
     */
    public Optional<RowIdSet> candidates(String text, boolean ignoreCase) {
        if (!usable(text, ignoreCase)) {
            return Optional.empty();
        }
        return Optional.of(ignoreCase
                ? table().rowsWithOneOfEach(Trigrams.caseInsensitiveAlternatives(text))
                : table().rowsWithAll(Trigrams.of(text)));
    }

    /** The section's length until it has been read, then 0; empty unless a usable {@code Contains}. */
    @Override
    public OptionalLong cost(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.Contains c && usable(c.text(), c.ignoreCase())) {
            return OptionalLong.of(table == null ? ref.length() : 0);
        }
        return OptionalLong.empty();
    }

    /**
     * The section's raw length (from its envelope, see {@link SectionLoader#rawLength}) until it has
     * been read, then 0: it is inflated and its gram table walked whole, however few grams the text
     * has; empty unless a usable {@code Contains}.
     */
    @Override
    public OptionalLong inflatedCost(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.Contains c && usable(c.text(), c.ignoreCase())) {
            if (table != null) {
                return OptionalLong.of(0);
            }
            if (rawLength < 0) {
                rawLength = loader.rawLength(sectionId, ref);
            }
            return OptionalLong.of(rawLength);
        }
        return OptionalLong.empty();
    }

    /**
     * The postings count of the text's rarest gram (for a case-insensitive search, the fewest rows
     * any position's case variants can have together): no candidate set is larger. Reads the
     * section, not the postings.
     */
    @Override
    public OptionalLong selectsAtMost(IndexLookup lookup) {
        if (!(lookup instanceof IndexLookup.Contains c) || !usable(c.text(), c.ignoreCase())) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(c.ignoreCase()
                ? table().fewestWithOneOfEach(Trigrams.caseInsensitiveAlternatives(c.text()))
                : table().fewestWithAll(Trigrams.of(c.text())));
    }

    @Override
    public RowIdSet rows(IndexLookup lookup) {
        if (lookup instanceof IndexLookup.Contains c) {
            return candidates(c.text(), c.ignoreCase()).orElseThrow(
                    () -> new IllegalArgumentException("a trigram index cannot narrow a search for '" + c.text() + "'"));
        }
        throw new IllegalArgumentException("a trigram index cannot answer " + lookup);
    }

    private GramTable table() {
        if (table == null) {
            byte[] payload = loader.load(sectionId, ref);
            try {
                table = GramTable.decode(payload, rowCount);
            } catch (JazminFormatException e) {
                throw e.inSection(sectionId, ref.offset());
            }
        }
        return table;
    }
}
