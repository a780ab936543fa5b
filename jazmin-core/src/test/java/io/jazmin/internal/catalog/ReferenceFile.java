package io.jazmin.internal.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Test-only access to the plain (unencrypted) sections of a reference file: trailer, envelopes and
 * raw Deflate payloads. Kept independent of the production reader so it can check the catalog codec.
 */
final class ReferenceFile {
    static final int TRAILER_SIZE = 44;
    static final int ENVELOPE_SIZE = 16;

    private final byte[] file;
    private final ByteBuffer le;

    ReferenceFile(Path path) throws IOException {
        file = Files.readAllBytes(path);
        le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The header section reference from the trailer. */
    SectionRef headerRef() {
        int t = file.length - TRAILER_SIZE;
        return new SectionRef(le.getLong(t), Integer.toUnsignedLong(le.getInt(t + 8)));
    }

    /** The codec byte of the section's envelope. */
    int codec(SectionRef ref) {
        return file[Math.toIntExact(ref.offset())];
    }

    /** The stored payload length plus the envelope, i.e. the whole section length the envelope implies. */
    long envelopeLength(long offset) {
        return Integer.toUnsignedLong(le.getInt(Math.toIntExact(offset) + 8)) + ENVELOPE_SIZE;
    }

    /** The raw payload of a plain section (codec 0 or 1), after checking CRC and lengths. */
    byte[] payload(SectionRef ref) {
        int off = Math.toIntExact(ref.offset());
        int codec = file[off];
        assertEquals(0, file[off + 1], "section at " + off + " is encrypted");
        long rawLength = Integer.toUnsignedLong(le.getInt(off + 4));
        int stored = le.getInt(off + 8);
        assertEquals(ref.length(), stored + (long) ENVELOPE_SIZE, "section length at " + off);
        CRC32 crc = new CRC32();
        crc.update(file, off + ENVELOPE_SIZE, stored);
        assertEquals(Integer.toUnsignedLong(le.getInt(off + 12)), crc.getValue(), "crc at " + off);
        byte[] raw = switch (codec) {
            case 0 -> Arrays.copyOfRange(file, off + ENVELOPE_SIZE, off + ENVELOPE_SIZE + stored);
            case 1 -> inflate(off + ENVELOPE_SIZE, stored, Math.toIntExact(rawLength));
            default -> throw new AssertionError("codec " + codec + " not supported by this test (section at " + off + ")");
        };
        assertEquals(rawLength, raw.length, "raw length at " + off);
        return raw;
    }

    private byte[] inflate(int off, int len, int rawLength) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(file, off, len);
            byte[] out = new byte[rawLength];
            int n = 0;
            while (n < rawLength && !inflater.finished()) {
                int got = inflater.inflate(out, n, rawLength - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            assertEquals(rawLength, n, "inflated length");
            return out;
        } catch (DataFormatException e) {
            throw new AssertionError("bad deflate data at " + off, e);
        } finally {
            inflater.end();
        }
    }
}
