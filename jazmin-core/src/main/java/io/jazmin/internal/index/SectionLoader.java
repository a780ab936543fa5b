package io.jazmin.internal.index;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.IndexDirectory;
import io.jazmin.internal.catalog.SectionRef;

/**
 * How index readers get sections: the reader's implementation reads the section at {@code ref},
 * checks it (CRC, digest, decryption) and returns its raw payload.
 */
@FunctionalInterface
public interface SectionLoader {

    /**
     * Loads one section.
     *
     * @param sectionId the section's id (spec §1.6)
     * @param ref       where it lies
     * @return the raw payload
     */
    byte[] load(String sectionId, SectionRef ref);

    /**
     * The raw (inflated) length of the section at {@code ref} as its envelope states it, read
     * without reading the section: an estimate for weighing a lookup, checked when the section is
     * read. By default the stored length, for loaders that cannot read an envelope alone.
     */
    default long rawLength(String sectionId, SectionRef ref) {
        return ref.length();
    }

    /**
     * Loads and decodes the directory of a sorted index segment. A loader over a file version whose
     * decoded sections may be kept process-wide returns the kept one (see
     * {@code SharedChunkCache#section}): a fresh open then neither reads nor decodes it again.
     *
     * @throws JazminFormatException when the directory is damaged (naming its section)
     */
    default IndexDirectory directory(String sectionId, SectionRef ref) {
        byte[] payload = load(sectionId, ref);
        try {
            return IndexDirectory.decode(payload);
        } catch (JazminFormatException e) {
            throw e.inSection(sectionId, ref.offset());
        }
    }
}
