package io.jazmin.internal.index;

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
}
