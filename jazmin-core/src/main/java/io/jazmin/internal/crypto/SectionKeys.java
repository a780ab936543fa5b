package io.jazmin.internal.crypto;

/** Where a {@link SectionCipher} gets the key of each section it seals or opens. */
interface SectionKeys extends AutoCloseable {

    /** The 32-byte key of section {@code sectionId} (a fresh array: clear it after use). */
    byte[] sectionKey(String sectionId);

    /**
     * The key of a section whose id alone does not choose it: in access-controlled files a chunk
     * part's partition or a statistics block's column group ({@code scope}). Others ignore it.
     */
    default byte[] sectionKey(String sectionId, String scope) {
        return sectionKey(sectionId);
    }

    /** Clears the key material held. */
    @Override
    void close();
}
