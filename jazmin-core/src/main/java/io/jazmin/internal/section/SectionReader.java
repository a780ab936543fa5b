package io.jazmin.internal.section;

import io.jazmin.error.JazminFormatException;
import io.jazmin.options.ReadLimits;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.compress.Compression;
import io.jazmin.internal.compress.CopiedStreams;
import io.jazmin.internal.compress.StoredStreams;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.compress.FlushPoints;
import io.jazmin.internal.compress.SectionPayload;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.zip.CRC32;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.wire.StoredPayload;

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
    private final boolean requireDigests;
    private static final int DIGEST_SIZE = 32;
    // Atomic: scans may read chunks ahead on worker threads.
    private final AtomicLong bytesRead = new AtomicLong();
    /**
     * Per thread, a buffer the whole bytes of a section are read into and opened from: they never
     * outlive {@link #read(String, long, long, byte[], String)}, so each read need not allocate them.
     * Taken out while in use; sections larger than {@link #SCRATCH_MAX} get their own array.
     */
    private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>();
    private static final int SCRATCH_MAX = 1 << 20;
    /**
     * Per thread, a direct buffer a plain chunk part is read into and checked in ({@link #readDirect}),
     * at most {@link #SCRATCH_MAX} bytes; taken out while in use.
     */
    private static final ThreadLocal<ByteBuffer> DIRECT_SCRATCH = new ThreadLocal<>();
    /** The smallest {@link #DIRECT_SCRATCH} buffer: parts of a few tens of kilobytes then share one. */
    private static final int DIRECT_MIN = 1 << 16;

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
        this.requireDigests = cipher != null && cipher.accessControlled();
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

    /**
     * Reads and checks the section {@code id} stored at {@code offset} with whole length
     * {@code length} (envelope included) and returns its raw payload. In access-controlled files,
     * where every reference carries a digest, this form (without one) is refused.
     */
    public byte[] read(String id, long offset, long length) {
        return read(id, offset, length, null, null);
    }

    /** Reads the section {@code id} at {@code ref}, checked against the reference's digest if it has one. */
    public byte[] read(String id, SectionRef ref) {
        return read(id, ref.offset(), ref.length(), ref.digest(), null);
    }

    /**
     * Reads a section: checks it against {@code digest} (SHA-256 of the whole section; required in
     * access-controlled files, {@code null} or empty for none), then as {@link #read(String, long, long)}.
     *
     * @param scope in access-controlled files, what besides the id chooses the key: a chunk part's
     *              partition text or a statistics block's column group; else {@code null}
     */
    public byte[] read(String id, long offset, long length, byte[] digest, String scope) {
        return read(id, offset, length, digest, scope, true,
                b -> Compression.decompress(b.codec(), b.bytes(), b.offset(), b.length(), (int) b.rawLength()));
    }

    /**
     * Reads, checks and opens a section, its whole bytes read into this thread's buffer when
     * {@code scratch} (then {@code decode} must not keep them).
     */
    private <T> T read(String id, long offset, long length, byte[] digest, String scope, boolean scratch,
                       Function<StoredPayload, T> decode) {
        checkReference(id, offset, length);
        if (!scratch) {
            byte[] whole = readWhole(id, offset, length);
            try {
                checkDigest(whole, whole.length, digest);
                return decode.apply(body(id, scope, whole, whole.length, true));
            } catch (JazminFormatException e) {
                throw e.inSection(id, offset);
            }
        }
        int size = (int) length;
        byte[] whole = takeScratch(size);
        try {
            source.read(offset, whole, size);
            count(length);
            checkDigest(whole, size, digest);
            return decode.apply(body(id, scope, whole, size, true));
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        } finally {
            giveBackScratch(whole, size);
        }
    }

    /** This thread's buffer for a section of {@code size} bytes (a new one when it has none that large), taken from it. */
    private static byte[] takeScratch(int size) {
        byte[] whole = SCRATCH.get();
        SCRATCH.set(null);
        return whole == null || whole.length < size ? new byte[size] : whole;
    }

    /**
     * Gives a buffer {@link #takeScratch} gave back to this thread (if it has none and the buffer is not over
     * {@link #SCRATCH_MAX}), its first {@code size} bytes wiped in an encrypted file: sections are decrypted in
     * place, and no plaintext stays in the buffer after the read.
     */
    private void giveBackScratch(byte[] whole, int size) {
        if (cipher != null) {
            Arrays.fill(whole, 0, size, (byte) 0);
        }
        if (whole.length <= SCRATCH_MAX && SCRATCH.get() == null) {
            SCRATCH.set(whole);
        }
    }

    /**
     * The whole bytes (envelope and stored payload) of the section at {@code offset}, after checking
     * the reference lies inside the version and within the limits; nothing else is checked yet.
     */
    public byte[] readWhole(String id, long offset, long length) {
        checkReference(id, offset, length);
        byte[] whole = source.read(offset, (int) length);
        count(length);
        return whole;
    }

    /**
     * The raw length the envelope of the section at {@code ref} states, reading the envelope alone
     * (counted as bytes read): what reading the section would inflate, to weigh it before reading it.
     * Nothing else is checked until the section is read.
     */
    public long rawLength(String id, SectionRef ref) {
        checkReference(id, ref.offset(), ref.length());
        byte[] envelope = new byte[SectionEnvelope.SIZE];
        source.read(ref.offset(), envelope, envelope.length);
        bytesRead.addAndGet(envelope.length);
        try {
            return SectionEnvelope.decode(envelope, 0).rawLength();
        } catch (JazminFormatException e) {
            throw e.inSection(id, ref.offset());
        }
    }

    private void count(long length) {
        bytesRead.addAndGet(length);
    }

    /** Checks a section reference lies inside the version and within the limits. */
    private void checkReference(String id, long offset, long length) {
        if (offset < Preamble.SIZE || length < SectionEnvelope.SIZE || offset > versionEnd
                || length > versionEnd - offset || length > Integer.MAX_VALUE) {
            throw new JazminFormatException("section reference " + offset + "+" + length
                    + " lies outside the file's data", id, offset);
        }
        // Stored bytes exceed raw ones only by the seal (nonce and tag): a codec must shrink the payload.
        if (length - SectionEnvelope.SIZE - SectionCipher.OVERHEAD > limits.maxSectionLength()) {
            throw tooLong(length - SectionEnvelope.SIZE, "stores", id, offset);
        }
    }

    /**
     * The raw payload of a section that must be stored as it is, uncompressed and unencrypted
     * (key-slot list and pages, signature of access-controlled files; spec §1.19, review finding R7).
     *
     * @param whole the section's whole bytes (see {@link #readWhole})
     */
    public byte[] openPlain(String id, long offset, byte[] whole) {
        try {
            SectionEnvelope env = SectionEnvelope.decode(whole, 0);
            if (env.codec() != 0 || env.encrypted()) {
                throw new JazminFormatException("section must be stored uncompressed and unencrypted");
            }
            return open(id, whole);
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    /** The raw payload of section {@code id} from its whole bytes (see {@link #readWhole}), checked. */
    public byte[] open(String id, long offset, byte[] whole) {
        try {
            return open(id, whole);
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    private void checkDigest(byte[] whole, int size, byte[] digest) {
        if (digest == null || digest.length == 0) {
            if (requireDigests) {
                throw new JazminFormatException("section reference has no digest, which access-controlled files "
                        + "require");
            }
            return;
        }
        if (digest.length != DIGEST_SIZE || !MessageDigest.isEqual(digest, sha256(whole, size))) {
            throw new JazminFormatException("section does not match its digest: the file was changed");
        }
    }

    /** SHA-256 of {@code bytes}. */
    public static byte[] sha256(byte[] bytes) {
        return sha256(bytes, bytes.length);
    }

    private static byte[] sha256(byte[] bytes, int length) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(bytes, 0, length);
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private JazminFormatException tooLong(long bytes, String verb, String id, long offset) {
        return new JazminFormatException("section " + verb + " " + bytes + " bytes, more than this reader's limit of "
                + limits.maxSectionLength() + " (ReadLimits.maxSectionLength)", id, offset);
    }

    /**
     * Reads section {@code id} like {@link #read(String, long, long)}, checking its CRC and, in an
     * encrypted file, its AES-GCM tag, but leaves its payload compressed: the tag already binds the
     * codec and raw length, and a key rotation re-seals the bytes as they are.
     */
    public StoredPayload readStored(String id, long offset, long length) {
        byte[] whole = readWhole(id, offset, length);
        try {
            return body(id, null, whole, whole.length, true);
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    /** The raw payload of the section whose whole bytes are {@code whole}, left as they are. */
    private byte[] open(String id, byte[] whole) {
        StoredPayload b = body(id, null, whole, whole.length, false);
        return Compression.decompress(b.codec(), b.bytes(), b.offset(), b.length(), (int) b.rawLength());
    }

    /**
     * Reads and checks a section as {@link #read(String, long, long, byte[], String)} does, but
     * returns its payload to be inflated only as far as its reader needs (chunk parts: a query
     * reading the first columns never inflates the rest).
     */
    public SectionPayload readLazily(String id, long offset, long length, byte[] digest, String scope) {
        return readLazily(id, offset, length, digest, scope, null);
    }

    /**
     * Like {@link #readLazily(String, long, long, byte[], String)}; a Deflate payload's column streams
     * also inflate each on its own from {@code points} (checked against the section's lengths). The
     * section's CRC, digest and (in encrypted files) tag are still checked over all its bytes: the
     * points lie in the decrypted, still compressed payload. Without points, a plain Deflate section
     * longer than a block is still checked whole at once, but its stored bytes are then kept only as
     * far as they are inflated, fetched again (and checked again) block by block ({@link CheckedBlocks}).
     *
     * @param points the part's column flush points, or {@code null}
     */
    public SectionPayload readLazily(String id, long offset, long length, byte[] digest, String scope,
                                     FlushPoints points) {
        return readLazily(id, offset, length, digest, scope, points, null);
    }

    /**
     * Like {@link #readLazily(String, long, long, byte[], String, FlushPoints)}; a Deflate part with
     * flush points read whole is checked in this thread's buffer (a direct one for a plain part without
     * digest, {@link #readDirect}), and its payload keeps copies of the {@code wanted} streams' stored
     * bytes only ({@link CopiedStreams}). From a source that prefers
     * ranges ({@link ByteSource#prefersRanges()}), a plain Deflate part with flush points and no digest is read as the stored bytes of the {@code wanted} streams only (nearby ranges as one,
     * its envelope only where needed, {@link RangedPart}), other streams fetched when asked for. Its CRC-32,
     * which covers the whole part, is then not checked: each stream is checked by inflating to
     * exactly its length. Encrypted parts are read whole whatever the source: their AES-GCM tag
     * authenticates the whole part, and nothing of it may be used before the tag is checked.
     *
     * @param wanted the streams (indexes among the part's) the query reads, or {@code null}: read whole
     */
    public SectionPayload readLazily(String id, long offset, long length, byte[] digest, String scope,
                                     FlushPoints points, java.util.BitSet wanted) {
        return readLazily(id, offset, length, digest, scope, points, wanted, false);
    }

    /**
     * Like {@link #readLazily(String, long, long, byte[], String, FlushPoints, java.util.BitSet)}; with
     * {@code hold}, a Deflate part with flush points checked in this thread's (heap) buffer is not copied
     * from: the payload reads its streams where they lie there until {@link SectionPayload#letGo}, which
     * the caller must call once it has decoded what it needs (the buffer then comes back to this thread,
     * a key file's plaintext wiped; a payload never let go keeps it from the thread, which then reads into
     * a new one). A lookup so copies no stream at all.
     */
    public SectionPayload readLazily(String id, long offset, long length, byte[] digest, String scope,
                                     FlushPoints points, java.util.BitSet wanted, boolean hold) {
        if (wanted != null && points != null && cipher == null && (digest == null || digest.length == 0)
                && source.prefersRanges()) {
            SectionPayload ranged = readRanged(id, offset, length, points, wanted);
            if (ranged != null) {
                return ranged;
            }
        }
        if (points == null && cipher == null && (digest == null || digest.length == 0)
                && length > SectionEnvelope.SIZE + CheckedBlocks.BLOCK) {
            SectionPayload blocked = readInBlocks(id, offset, length);
            if (blocked != null) {
                return blocked;
            }
        }
        if (points != null && wanted != null && cipher == null && (digest == null || digest.length == 0)) {
            SectionPayload direct = readDirect(id, offset, length, digest, scope, points, wanted);
            if (direct != null) {
                return direct;
            }
        }
        if (points != null && wanted != null && hold && length <= SCRATCH_MAX) {
            return readHeld(id, offset, length, digest, scope, points, wanted);
        }
        if (points != null && wanted != null) {
            // Checked whole in this thread's buffer; the payload keeps copies of the wanted streams only.
            return read(id, offset, length, digest, scope, true, b -> b.codec() == 1
                    ? copiedStreams(id, offset, length, digest, scope, points, wanted, b)
                    : Compression.decompressFlushed(b.codec(), b.bytes(), b.offset(), b.length(), (int) b.rawLength(),
                            points)); // whole at once: other codecs decompress into an array of their own
        }
        // The payload keeps the bytes it inflates from (decrypted in place): its own whole bytes.
        return read(id, offset, length, digest, scope, false, b -> points == null
                ? Compression.decompressLazily(b.codec(), b.bytes(), b.offset(), b.length(), (int) b.rawLength())
                : Compression.decompressFlushed(b.codec(), b.bytes(), b.offset(), b.length(), (int) b.rawLength(),
                        points));
    }

    /**
     * The payload of a Deflate part {@code first} (checked, decrypted, in this thread's buffer) holding
     * copies of the {@code wanted} streams' stored bytes ({@link CopiedStreams}); another stream is
     * copied when asked for from the part read and checked again, which must be the part first read
     * (its CRC-32, codec and raw length).
     */
    private SectionPayload copiedStreams(String id, long offset, long length, byte[] digest, String scope,
                                         FlushPoints points, java.util.BitSet wanted, StoredPayload first) {
        StoredStreams.Slice[] slices = CopiedStreams.copy(first.bytes(), first.offset(), first.length(),
                (int) first.rawLength(), points, wanted);
        return copiedStreams(id, offset, length, digest, scope, points, slices, PartShape.of(first));
    }

    /**
     * The payload of a Deflate part of {@code first}'s shape holding the {@code slices} copied from it;
     * another stream is copied when asked for from the part read and checked again, which must be the
     * part first read (its CRC-32, codec and lengths).
     */
    private SectionPayload copiedStreams(String id, long offset, long length, byte[] digest, String scope,
                                         FlushPoints points, StoredStreams.Slice[] slices, PartShape first) {
        CopiedStreams copied = new CopiedStreams(slices, (int) first.rawLength(),
                refetch(id, offset, length, digest, scope, points, first));
        return SectionPayload.copied(copied, first.length(), (int) first.rawLength(), points);
    }

    /**
     * Copies streams of a part read again and checked whole, which must be the part first read, of shape
     * {@code first} (its CRC-32, codec and lengths).
     */
    private CopiedStreams.Refetch refetch(String id, long offset, long length, byte[] digest, String scope,
                                          FlushPoints points, PartShape first) {
        return streams -> read(id, offset, length, digest, scope, true, again -> {
            if (!first.equals(PartShape.of(again))) {
                throw new JazminFormatException("chunk part changed on disk since it was first read");
            }
            return CopiedStreams.copy(again.bytes(), again.offset(), again.length(), (int) again.rawLength(),
                    points, streams);
        });
    }

    /**
     * A part with flush points read and checked in this thread's buffer, which a Deflate part's payload then
     * holds until let go ({@link CopiedStreams#held}); a part of another codec decompresses as
     * {@link #readLazily} decompresses it, and the buffer comes back at once.
     */
    private SectionPayload readHeld(String id, long offset, long length, byte[] digest, String scope,
                                    FlushPoints points, java.util.BitSet wanted) {
        checkReference(id, offset, length);
        int size = (int) length;
        byte[] whole = takeScratch(size);
        Runnable giveBack = () -> giveBackScratch(whole, size);
        boolean lent = false;
        try {
            source.read(offset, whole, size);
            count(length);
            checkDigest(whole, size, digest);
            StoredPayload first = body(id, scope, whole, size, true);
            if (first.codec() != 1) {
                return Compression.decompressFlushed(first.codec(), first.bytes(), first.offset(), first.length(),
                        (int) first.rawLength(), points);
            }
            PartShape shape = PartShape.of(first);
            CopiedStreams held = CopiedStreams.held(first.bytes(), first.offset(), first.length(),
                    (int) first.rawLength(), points, wanted, refetch(id, offset, length, digest, scope, points, shape),
                    giveBack);
            SectionPayload payload = SectionPayload.copied(held, first.length(), (int) first.rawLength(), points);
            lent = true;
            return payload;
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        } finally {
            if (!lent) {
                giveBack.run();
            }
        }
    }

    /** What a part read again must share with its first read: codec, raw and stored lengths, CRC-32. */
    private record PartShape(int codec, long rawLength, int length, long crc32) {
        static PartShape of(StoredPayload p) {
            return new PartShape(p.codec(), p.rawLength(), p.length(), p.crc32());
        }
    }

    /**
     * A plain Deflate part with flush points and no digest, read into this thread's direct buffer: the
     * file's bytes land there without the copy into a heap array (the JDK reads a file into a direct
     * buffer of its own first, then copies), the envelope and CRC-32 of the whole part are checked there
     * as {@link #body} checks them, and only the {@code wanted} streams' stored bytes are copied out
     * ({@link CopiedStreams}). A part of another codec (stored uncompressed, its points raw offsets) is
     * checked there too and decompressed from the bytes read ({@link #otherCodec}). {@code null} for a part
     * larger than {@link #SCRATCH_MAX}: the caller then reads it into a heap array.
     */
    private SectionPayload readDirect(String id, long offset, long length, byte[] digest, String scope,
                                      FlushPoints points, java.util.BitSet wanted) {
        checkReference(id, offset, length);
        if (length > SCRATCH_MAX) {
            return null;
        }
        int size = (int) length;
        ByteBuffer whole = DIRECT_SCRATCH.get();
        DIRECT_SCRATCH.set(null);
        if (whole == null || whole.capacity() < size) {
            whole = ByteBuffer.allocateDirect(Math.min(SCRATCH_MAX, Math.max(DIRECT_MIN, Integer.highestOneBit(size) << 1)));
        }
        try {
            whole.clear().limit(size);
            source.read(offset, whole);
            count(length);
            byte[] head = new byte[SectionEnvelope.SIZE];
            whole.get(0, head);
            SectionEnvelope env = SectionEnvelope.decode(head, 0);
            int stored = size - SectionEnvelope.SIZE;
            CRC32 crc = new CRC32();
            crc.update(whole.slice(SectionEnvelope.SIZE, stored));
            checkEnvelope(env, stored, crc.getValue());
            if (env.encrypted()) {
                throw new JazminFormatException("encrypted section in a file that is not encrypted");
            }
            if (env.codec() != 1) {
                return otherCodec(whole, stored, env, points);
            }
            StoredStreams.Slice[] slices = CopiedStreams.copy(whole, SectionEnvelope.SIZE, stored,
                    (int) env.rawLength(), points, wanted);
            return copiedStreams(id, offset, length, digest, scope, points, slices,
                    new PartShape(env.codec(), env.rawLength(), stored, env.crc32()));
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        } finally {
            DIRECT_SCRATCH.set(whole);
        }
    }

    /**
     * The payload of a checked part of a codec other than Deflate in the direct buffer {@code whole}:
     * decompressed whole at once from a heap copy of its stored bytes (this thread's buffer, which the
     * codec does not keep: it decompresses into an array of its own), never read from the source again.
     */
    private SectionPayload otherCodec(ByteBuffer whole, int stored, SectionEnvelope env, FlushPoints points) {
        byte[] bytes = takeScratch(stored);
        try {
            whole.get(SectionEnvelope.SIZE, bytes, 0, stored);
            return Compression.decompressFlushed(env.codec(), bytes, 0, stored, (int) env.rawLength(), points);
        } finally {
            giveBackScratch(bytes, stored);
        }
    }

    /** The ranged payload of a plain Deflate part, or {@code null} for another codec (then read whole). */
    private SectionPayload readRanged(String id, long offset, long length, FlushPoints points, java.util.BitSet wanted) {
        checkReference(id, offset, length);
        try {
            // Every stream but the last ends before the last point: this bounds their raw lengths
            // before any envelope gives the part's (which must exceed it).
            if (points.count() > 0 && points.raw(points.count() - 1) >= limits.maxSectionLength()) {
                throw tooLong(points.raw(points.count() - 1), "has column flush points past", id, offset);
            }
            RangedPart part = RangedPart.open(source, id, offset, length, points, wanted, this::countRange,
                    this::checkRawLength);
            if (part == null) {
                return null;
            }
            return SectionPayload.ranged(part, (int) length - SectionEnvelope.SIZE, points);
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    /** Counts bytes read as a range of a section (the section itself counted once by its reader). */
    private void countRange(long bytes) {
        bytesRead.addAndGet(bytes);
    }

    /**
     * A plain Deflate section's payload whose stored bytes are checked whole (CRC-32) but kept only
     * as far as its inflater reads them ({@link CheckedBlocks}), or {@code null} for another codec.
     * The caller has checked the reference; the section is longer than one block.
     */
    private SectionPayload readInBlocks(String id, long offset, long length) {
        checkReference(id, offset, length);
        int stored = (int) length - SectionEnvelope.SIZE;
        byte[] first = new byte[SectionEnvelope.SIZE + CheckedBlocks.BLOCK];
        try {
            source.read(offset, first, first.length);
            SectionEnvelope env = SectionEnvelope.decode(first, 0);
            if (env.codec() != 1) {
                return null;
            }
            count(length);
            checkPayloadLength(env, stored);
            CheckedBlocks blocks = CheckedBlocks.check(source, offset + SectionEnvelope.SIZE, stored, first,
                    SectionEnvelope.SIZE, env.crc32());
            checkRawLength(env);
            if (env.encrypted()) {
                throw new JazminFormatException("encrypted section in a file that is not encrypted");
            }
            return SectionPayload.deflated(blocks, first, SectionEnvelope.SIZE, (int) env.rawLength());
        } catch (JazminFormatException e) {
            throw e.inSection(id, offset);
        }
    }

    private static void checkPayloadLength(SectionEnvelope env, int stored) {
        if (env.payloadLength() != stored) {
            throw new JazminFormatException("section payload length " + env.payloadLength()
                    + " does not match its reference (" + stored + " bytes)");
        }
    }

    /**
     * Checks a section's envelope against its {@code stored} payload bytes, whose CRC-32 is {@code crc}:
     * the payload length it states, the CRC-32, and the raw length against the limits.
     */
    private void checkEnvelope(SectionEnvelope env, int stored, long crc) {
        checkPayloadLength(env, stored);
        if (crc != env.crc32()) {
            throw new JazminFormatException("section CRC-32 mismatch: the file is damaged");
        }
        checkRawLength(env);
    }

    private void checkRawLength(SectionEnvelope env) {
        if (env.rawLength() > limits.maxSectionLength()) {
            throw tooLong(env.rawLength(), "declares a raw length of", null, -1);
        }
    }

    /**
     * A checked section's stored payload, decrypted: in place in {@code whole} when {@code inPlace}
     * (the caller's own bytes, used no more as they were), else into a new array.
     */
    private StoredPayload body(String id, String scope, byte[] whole, int size, boolean inPlace) {
        SectionEnvelope env = SectionEnvelope.decode(whole, 0);
        int stored = size - SectionEnvelope.SIZE;
        CRC32 crc = new CRC32();
        crc.update(whole, SectionEnvelope.SIZE, stored);
        checkEnvelope(env, stored, crc.getValue());
        byte[] body = whole;
        int bodyOffset = SectionEnvelope.SIZE;
        int bodyLength = stored;
        if (cipher == null) {
            if (env.encrypted()) {
                throw new JazminFormatException("encrypted section in a file that is not encrypted");
            }
        } else if (env.encrypted() && inPlace) {
            bodyLength = cipher.openInPlace(id, scope, env.head(), whole, SectionEnvelope.SIZE, stored);
            bodyOffset = SectionEnvelope.SIZE + SectionCipher.NONCE_SIZE;
        } else if (env.encrypted()) {
            body = cipher.open(id, scope, env.head(), whole, SectionEnvelope.SIZE, stored);
            bodyOffset = 0;
            bodyLength = body.length;
        } else if (!SectionCipher.mayBePlain(id)) {
            // Anti-downgrade: a plain section must never stand in for an encrypted one.
            throw new JazminFormatException("section is not encrypted, but the file is");
        }
        return new StoredPayload(env.codec(), env.rawLength(), body, bodyOffset, bodyLength, env.crc32());
    }
}
