package io.jazmin.internal.wire;

/**
 * A section's payload as it is stored, once checked and (in an encrypted file) decrypted, but not
 * decompressed: the bytes a key rotation re-seals under new keys without decoding them.
 *
 * @param codec     the envelope's codec id
 * @param rawLength the envelope's raw length (the payload's length once decompressed)
 * @param bytes     holds the payload at {@code [offset, offset + length)}; do not modify
 * @param crc32     the envelope's CRC-32 of the stored (still encrypted) payload, which matched it
 */
public record StoredPayload(int codec, long rawLength, byte[] bytes, int offset, int length, long crc32) {
}
