package io.jazmin.wire;

import io.jazmin.JazminFormatException;
import io.jazmin.ReadLimits;
import io.jazmin.compress.Compression;
import io.jazmin.crypto.SectionCipher;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/**
 * Reads sections of one file version: checks the reference lies inside the version, then the
 * envelope, the CRC, the AES-GCM tag (encrypted files) and the decompressed length, and returns
 * the raw payload. A section longer than the {@link ReadLimits} allow is refused before its bytes
 * are read or inflated. Counts the bytes it reads so queries can report them.
 */
public final class SectionReader {
    private final ByteSource source;
    private final long versionEnd;
    private final SectionCipher cipher;
    private final ReadLimits limits;
    // Atomic: scans may read chunks ahead on worker threads.
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicLong sectionsRead = new AtomicLong();

    /**
     * @param versionEnd offset of the trailer of the version being read; no section may reach it
     */
    public SectionReader(ByteSource source, long versionEnd) {
        this(source, versionEnd, null, ReadLimits.defaults());
    }

    /**
     * A reader of an encrypted file version: every section must be encrypted (except key-slot and
     * signature sections) and is decrypted with {@code cipher}; {@code null} reads a plain file.
     */
    public SectionReader(ByteSource source, long versionEnd, SectionCipher cipher, ReadLimits limits) {
        this.source = source;
        this.versionEnd = versionEnd;
        this.cipher = cipher;
        this.limits = limits;
    }

    /** The bounds this reader checks sections against. */
    public ReadLimits limits() {
        return limits;
    }

    /** Offset of the version's trailer: every section of the version lies before it. */
    public long versionEnd() {
        return versionEnd;
    }

    /** Bytes of sections read so far (envelopes included). */
    public long bytesRead() {
        return bytesRead.get();
    }

    public long sectionsRead() {
        return sectionsRead.get();
    }

    /**
     * Reads and checks the section {@code id} stored at {@code offset} with whole length
     * {@code length} (envelope included) and returns its raw payload.
     */
    public byte[] read(String id, long offset, long length) {
        if (offset < Preamble.SIZE || length < SectionEnvelope.SIZE || offset > versionEnd
                || length > versionEnd - offset || length > Integer.MAX_VALUE) {
            throw new JazminFormatException("section reference " + offset + "+" + length
                    + " lies outside the file's data", id, offset);
        }
        // Stored bytes exceed raw ones only by the seal (nonce and tag): a codec must shrink the payload.
        if (length - SectionEnvelope.SIZE - SectionCipher.OVERHEAD > limits.maxSectionLength()) {
            throw tooLong(length - SectionEnvelope.SIZE, "stores", id, offset);
        }
        byte[] whole = source.read(offset, (int) length);
        bytesRead.addAndGet(length);
        sectionsRead.incrementAndGet();
        try {
            return open(id, whole);
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    private JazminFormatException tooLong(long bytes, String verb, String id, long offset) {
        return new JazminFormatException("section " + verb + " " + bytes + " bytes, more than this reader's limit of "
                + limits.maxSectionLength() + " (ReadLimits.maxSectionLength)", id, offset);
    }

    private byte[] open(String id, byte[] whole) {
        SectionEnvelope env = SectionEnvelope.decode(whole, 0);
        int stored = whole.length - SectionEnvelope.SIZE;
        if (env.payloadLength() != stored) {
            throw new JazminFormatException("section payload length " + env.payloadLength()
                    + " does not match its reference (" + stored + " bytes)");
        }
        CRC32 crc = new CRC32();
        crc.update(whole, SectionEnvelope.SIZE, stored);
        if (crc.getValue() != env.crc32()) {
            throw new JazminFormatException("section CRC-32 mismatch: the file is damaged");
        }
        if (env.rawLength() > limits.maxSectionLength()) {
            throw tooLong(env.rawLength(), "declares a raw length of", null, -1);
        }
        byte[] body = whole;
        int bodyOffset = SectionEnvelope.SIZE;
        int bodyLength = stored;
        if (cipher == null) {
            if (env.encrypted()) {
                throw new JazminFormatException("encrypted section in a file that is not encrypted");
            }
        } else if (env.encrypted()) {
            body = cipher.open(id, env.head(), whole, SectionEnvelope.SIZE, stored);
            bodyOffset = 0;
            bodyLength = body.length;
        } else if (!SectionCipher.mayBePlain(id)) {
            // Anti-downgrade: a plain section must never stand in for an encrypted one.
            throw new JazminFormatException("section is not encrypted, but the file is");
        }
        return Compression.decompress(env.codec(), body, bodyOffset, bodyLength, (int) env.rawLength());
    }
}
