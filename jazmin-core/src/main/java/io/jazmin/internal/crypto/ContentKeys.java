package io.jazmin.internal.crypto;

import io.jazmin.error.JazminFormatException;
import java.util.Arrays;
import io.jazmin.internal.keys.Hkdf;

/**
 * The block keys of one embedded content (spec §1.18): HKDF(K, preamble salt, "JAZMIN/1/" + block
 * id) for the content's random key K. Only {@code file/<id>/<b>} ids have keys here.
 */
final class ContentKeys implements SectionKeys {
    private static final String LABEL = "JAZMIN/1/";
    private final byte[] prk;

    ContentKeys(byte[] contentKey, byte[] preambleSalt) {
        this.prk = Hkdf.extract(preambleSalt, contentKey);
    }

    @Override
    public byte[] sectionKey(String sectionId) {
        if (!sectionId.startsWith("file/")) {
            throw new JazminFormatException("an embedded content's key opens only its own blocks", sectionId, -1);
        }
        return Hkdf.expandKey(prk, LABEL, sectionId);
    }

    @Override
    public void close() {
        Arrays.fill(prk, (byte) 0);
    }
}
