package io.jazmin.key;

import io.jazmin.error.JazminFormatException;
import java.security.MessageDigest;
import java.util.Arrays;
import io.jazmin.internal.keys.KeyText;

/**
 * An unlock token {@code jzu1-…} (spec §1.20): the 32-byte share an online grant's key slot is
 * sealed with besides the access key, as the owner's key service hands it out; text =
 * {@code jzu1-} + base64url(share ‖ first 4 bytes of SHA-256(share)), checksum verified on parse.
 * Open a file with it through {@link io.jazmin.options.ReadOptions#withUnlockToken(UnlockToken)}.
 * {@link #toString()} shows no secret.
 */
public final class UnlockToken {
    /** The prefix of unlock token texts. */
    public static final String PREFIX = "jzu1-";
    /** Bytes of a share. */
    public static final int SIZE = 32;

    private final byte[] share;

    private UnlockToken(byte[] share) {
        this.share = share;
    }

    /**
     * Parses an unlock token text.
     *
     * @throws io.jazmin.error.JazminKeyException when it is not one, or "checksum mismatch" when it was mistyped
     */
    public static UnlockToken parse(String text) {
        return new UnlockToken(KeyText.decode(text, PREFIX, SIZE, "unlock token"));
    }

    /** The token of a 32-byte share (copied), as the owner directory stores it. */
    public static UnlockToken of(byte[] share) {
        if (share == null || share.length != SIZE) {
            throw new JazminFormatException("an online grant's share must be " + SIZE + " bytes");
        }
        return new UnlockToken(share.clone());
    }

    /** A copy of the share, for the engine's own use; clear it when done. */
    public byte[] share() {
        return share.clone();
    }

    /** The token text {@code jzu1-…}. Keep it out of logs. */
    public String text() {
        return KeyText.encode(PREFIX, share);
    }

    /** Tokens are equal when their shares are (compared in constant time). */
    @Override
    public boolean equals(Object o) {
        return o instanceof UnlockToken other && MessageDigest.isEqual(share, other.share);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(KeyText.checksum(share));
    }

    /** {@code UnlockToken[hidden]}: never the share. */
    @Override
    public String toString() {
        return "UnlockToken[hidden]";
    }
}
