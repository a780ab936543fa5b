package io.jazmin.internal.index;

import io.jazmin.internal.catalog.SectionRef;

/**
 * Where {@link IndexSectionsWriter} puts index sections. The file writer's implementation wraps
 * the raw payload in a section (compression, encryption, envelope), appends it to the file and
 * returns where it lies.
 */
@FunctionalInterface
public interface SectionOutput {

    /**
     * Writes one section.
     *
     * @param sectionId the section's id (spec §1.6)
     * @param raw       the raw payload
     * @return the written section (with its SHA-256 digest in access-controlled files)
     */
    SectionRef write(String sectionId, byte[] raw);
}
