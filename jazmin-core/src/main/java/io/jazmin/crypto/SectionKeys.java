package io.jazmin.crypto;

/** Where a {@link SectionCipher} gets the key of each section it seals or opens. */
interface SectionKeys extends AutoCloseable {

    /** The 32-byte key of section {@code sectionId} (a fresh array: clear it after use). */
    byte[] sectionKey(String sectionId);

    /** Clears the key material held. */
    @Override
    void close();
}
